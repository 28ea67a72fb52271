/** A run of words the same on both sides, only before, or only after. */
export interface WordRun {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/**
 * The word-level difference of two texts, words and the spaces after them kept together, by the
 * longest common subsequence: what a reviewer reads inside a changed block. Texts of blocks are short
 * (a paragraph), so the quadratic table costs nothing worth a library; very long ones fall back to
 * the whole text removed and added.
 */
export function wordDiff(before: string, after: string): WordRun[] {
  const a = words(before);
  const b = words(after);
  if (a.length * b.length > 250_000) return compact([{ kind: 'removed', text: before }, { kind: 'added', text: after }]);
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const runs: WordRun[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      runs.push({ kind: 'same', text: a[i++]! });
      j++;
    } else if (j < b.length && (i >= a.length || lengths[i]![j + 1]! > lengths[i + 1]![j]!)) runs.push({ kind: 'added', text: b[j++]! });
    else runs.push({ kind: 'removed', text: a[i++]! });
  }
  return compact(runs);
}

function words(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** Between two unchanged runs, what was removed then what was added, each as one run; neighbours of one kind joined. */
function compact(runs: WordRun[]): WordRun[] {
  const out: WordRun[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) out.push({ kind: 'removed', text: removed });
    if (added) out.push({ kind: 'added', text: added });
    removed = added = '';
  };
  for (const run of runs) {
    if (run.kind === 'removed') removed += run.text;
    else if (run.kind === 'added') added += run.text;
    else if (run.text) {
      flush();
      const last = out.at(-1);
      if (last?.kind === 'same') last.text += run.text;
      else out.push({ ...run });
    }
  }
  flush();
  return out;
}
