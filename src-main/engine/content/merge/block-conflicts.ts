import type { Conflict } from './conflicts.js';

/** Block id → hash of the block's own content (`blockIndex`). */
export type BlockIndex = ReadonlyMap<string, string>;

/**
 * The blocks of one page body that both sides changed since the base: edited to different
 * content, or deleted on one side and edited on the other. A block both sides deleted, or both
 * changed the same way, is no conflict; blocks added on either side have no base to differ from.
 */
export function blockConflicts(pageId: string, base: BlockIndex, ours: BlockIndex, theirs: BlockIndex): Conflict[] {
  const conflicts: Conflict[] = [];
  for (const [blockId, hash] of base) {
    const mine = ours.get(blockId);
    const other = theirs.get(blockId);
    if (mine === hash || other === hash || mine === other) continue;
    if (mine === undefined) conflicts.push({ kind: 'block', pageId, blockId, deletedOn: 'main' });
    else if (other === undefined) conflicts.push({ kind: 'block', pageId, blockId, deletedOn: 'change-request' });
    else conflicts.push({ kind: 'block', pageId, blockId });
  }
  return conflicts;
}
