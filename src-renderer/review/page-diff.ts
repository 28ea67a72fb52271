import type { PmNodeJson } from '../../src-shared/content/pm-json.js';
import { blockText } from '../../src-shared/content/text.js';

/** One line of a page's review: a block kept, added, removed or changed, or a run of unchanged blocks folded away. */
export type ReviewLine =
  | { kind: 'same' | 'added' | 'removed'; block: PmNodeJson }
  | { kind: 'changed'; block: PmNodeJson; before: PmNodeJson }
  | { kind: 'folded'; blocks: PmNodeJson[] };

/** How many unchanged blocks stay in sight around a change; longer runs fold. */
export const CONTEXT = 1;

const idOf = (block: PmNodeJson, index: number) => (typeof block.attrs?.id === 'string' ? block.attrs.id : `#${index}`);

/**
 * A page's top-level blocks against its base, matched by block id, in the head's order, with the
 * base's removed blocks after the block that preceded them; runs of unchanged blocks longer than
 * twice `CONTEXT` fold, keeping `CONTEXT` blocks beside each change.
 */
export function reviewLines(before: PmNodeJson | undefined, after: PmNodeJson | undefined): ReviewLine[] {
  const baseBlocks = before?.content ?? [];
  const headBlocks = after?.content ?? [];
  const inHead = new Map(headBlocks.map((block, index) => [idOf(block, index), block]));
  const inBase = new Map(baseBlocks.map((block, index) => [idOf(block, index), block]));
  const removedAfter = new Map<string | null, ReviewLine[]>();
  let previous: string | null = null;
  baseBlocks.forEach((block, index) => {
    const id = idOf(block, index);
    if (inHead.has(id)) previous = id;
    else removedAfter.set(previous, [...(removedAfter.get(previous) ?? []), { kind: 'removed', block }]);
  });
  const lines: ReviewLine[] = [...(removedAfter.get(null) ?? [])];
  headBlocks.forEach((block, index) => {
    const id = idOf(block, index);
    const old = inBase.get(id);
    if (!before) lines.push({ kind: 'added', block });
    else if (!old) lines.push({ kind: 'added', block });
    else if (JSON.stringify(old) !== JSON.stringify(block)) lines.push({ kind: 'changed', block, before: old });
    else lines.push({ kind: 'same', block });
    lines.push(...(removedAfter.get(id) ?? []));
  });
  return fold(lines);
}

function fold(lines: ReviewLine[]): ReviewLine[] {
  const out: ReviewLine[] = [];
  let run: PmNodeJson[] = [];
  const flush = (atStart: boolean, atEnd: boolean) => {
    const keepBefore = atStart ? 0 : CONTEXT;
    const keepAfter = atEnd ? 0 : CONTEXT;
    if (run.length <= keepBefore + keepAfter + 1) out.push(...run.map((block) => ({ kind: 'same' as const, block })));
    else {
      out.push(...run.slice(0, keepBefore).map((block) => ({ kind: 'same' as const, block })));
      out.push({ kind: 'folded', blocks: run.slice(keepBefore, run.length - keepAfter) });
      out.push(...run.slice(run.length - keepAfter).map((block) => ({ kind: 'same' as const, block })));
    }
    run = [];
  };
  lines.forEach((line) => {
    if (line.kind === 'same') run.push(line.block);
    else {
      flush(out.length === 0, false);
      out.push(line);
    }
  });
  flush(out.length === 0, true);
  return out;
}

/** Whether a block's change reads as words changed inside it: the same kind of text block on both sides. */
export function wordLevel(line: { block: PmNodeJson; before: PmNodeJson }): boolean {
  const textual = (node: PmNodeJson) => (node.content ?? []).every((child) => child.type === 'text');
  return line.block.type === line.before.type && textual(line.block) && textual(line.before);
}

export { blockText };
