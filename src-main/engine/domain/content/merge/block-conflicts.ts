import type { Conflict, Side } from './conflicts.js';

/** Block id → hash of the block's own content (`blockIndex`). */
export type BlockIndex = ReadonlyMap<string, string>;

/**
 * The blocks of one page body that both sides changed since the base: edited to different
 * content, or deleted on one side and edited on the other (a block with that id added on both
 * sides with different content counts as edited). A block both sides deleted, or both changed the
 * same way, is no conflict.
 */
export function blockConflicts(pageId: string, base: BlockIndex, ours: BlockIndex, theirs: BlockIndex): Conflict[] {
  const conflicts: Conflict[] = [];
  const added = [...new Set([...ours.keys(), ...theirs.keys()])].filter((blockId) => !base.has(blockId)).sort();
  for (const blockId of [...base.keys(), ...added]) {
    const hash = base.get(blockId);
    const mine = ours.get(blockId);
    const other = theirs.get(blockId);
    if (mine === hash || other === hash || mine === other) continue;
    if (mine === undefined) conflicts.push({ kind: 'block', pageId, blockId, deletedOn: 'main' });
    else if (other === undefined) conflicts.push({ kind: 'block', pageId, blockId, deletedOn: 'change-request' });
    else conflicts.push({ kind: 'block', pageId, blockId });
  }
  return conflicts;
}

/**
 * The blocks Yjs merged into something neither side holds, with the side whose version the block
 * must take: the side that changed it (both, the same way), or either when neither did. Yjs
 * merges two identical rewrites of a sentence into the sentence twice, and a block one side moved
 * (an editor moves a block as a delete and an insert of its copy) loses the other side's edit
 * inside it, or comes twice when both moved it: a merge never lets that through.
 * `duplicated`: block ids the merged body holds more than once.
 */
export function blocksToRetake(
  base: BlockIndex,
  ours: BlockIndex,
  theirs: BlockIndex,
  merged: BlockIndex,
  duplicated: ReadonlySet<string>,
): Map<string, Side> {
  const retake = new Map<string, Side>();
  for (const blockId of new Set([...base.keys(), ...ours.keys(), ...theirs.keys(), ...merged.keys()])) {
    const hash = base.get(blockId);
    const mine = ours.get(blockId);
    const other = theirs.get(blockId);
    const mainChanged = mine !== hash;
    if (mainChanged && other !== hash && mine !== other) continue;
    const expected = mainChanged ? mine : other;
    if (merged.get(blockId) !== expected || duplicated.has(blockId)) retake.set(blockId, mainChanged ? 'main' : 'change-request');
  }
  return retake;
}
