import type { Conflict, Side } from './conflicts.js';
import { sameValue, type PageFields, type PageTree } from './page-tree.js';

/** Whether a side edited a page's body since the base. */
export type BodyEdited = (side: Side, pageId: string) => boolean;

/**
 * Conflicts in the page tree since the base: a field changed on both sides to different values,
 * or a page deleted on one side and edited (a tree field or its body) on the other. Pages added
 * or moved on both sides are no conflict: the tree's maps merge them.
 */
export function treeConflicts(base: PageTree, ours: PageTree, theirs: PageTree, bodyEdited: BodyEdited): Conflict[] {
  const conflicts: Conflict[] = [];
  for (const [pageId, was] of base) {
    const mine = ours.get(pageId);
    const other = theirs.get(pageId);
    if (!mine && !other) continue;
    if (!mine || !other) {
      const deletedOn: Side = mine ? 'change-request' : 'main';
      const kept = (mine ?? other)!;
      const editedOn: Side = deletedOn === 'main' ? 'change-request' : 'main';
      if (bodyEdited(editedOn, pageId) || changedFields(was, kept).length > 0) conflicts.push({ kind: 'page-deleted', pageId, deletedOn });
      continue;
    }
    for (const field of changedFields(was, mine)) {
      if (!sameValue(was[field], other[field]) && !sameValue(mine[field], other[field])) {
        conflicts.push({ kind: 'page-field', pageId, field });
      }
    }
  }
  return conflicts;
}

function changedFields(was: PageFields, now: PageFields): string[] {
  const fields = new Set([...Object.keys(was), ...Object.keys(now)]);
  return [...fields].filter((field) => !sameValue(was[field], now[field]));
}
