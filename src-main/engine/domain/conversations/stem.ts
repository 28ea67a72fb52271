/**
 * A light English suffix stemmer (after Porter's step 1 and a few of step 2–4's suffixes), so that
 * "exporting", "exported" and "exports" meet at "export". Deterministic and dependency-free; it
 * only needs to be consistent, not to give dictionary words.
 */
const SUFFIXES: readonly [suffix: string, replacement: string][] = [
  ['ational', 'ate'],
  ['ization', 'ize'],
  ['fulness', 'ful'],
  ['iveness', 'ive'],
  ['ements', ''],
  ['ement', ''],
  ['ments', ''],
  ['ment', ''],
  ['ations', 'ate'],
  ['ation', 'ate'],
  ['ingly', ''],
  ['ness', ''],
  ['ities', ''],
  ['ity', ''],
  ['ings', ''],
  ['ing', ''],
  ['edly', ''],
  ['ies', 'y'],
  ['ied', 'y'],
  ['ed', ''],
  ['ly', ''],
  ['s', ''],
];

/** A stem keeps at least this many letters; words ending in "ss"/"us"/"is" keep their ending ("access", "status"). */
const MIN_STEM = 3;

export function stem(word: string): string {
  if (/(ss|us|is)$/.test(word)) return word;
  for (const [suffix, replacement] of SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    const base = word.slice(0, -suffix.length);
    if (base.length < MIN_STEM || !/[aeiouy]/.test(base)) continue;
    return undouble(base + replacement, suffix);
  }
  return word.endsWith('e') && word.length > MIN_STEM + 1 ? word.slice(0, -1) : word;
}

/** "stopped" → "stopp" → "stop"; "failed" keeps "fail". A trailing "e" goes so that "save"/"saving" meet. */
function undouble(word: string, removed: string): string {
  if (/(ing|ed|ings)$/.test(removed) && /([^aeiouslz])\1$/.test(word)) return word.slice(0, -1);
  return word.endsWith('e') && word.length > MIN_STEM + 1 ? word.slice(0, -1) : word;
}
