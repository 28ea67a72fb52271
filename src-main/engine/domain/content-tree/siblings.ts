import type { ContentPointer, ContentPosition } from '../../../../src-shared/contract/content-tree.js';
import type { Database } from '../../core/db/database.js';
import { badRequest, conflict, type Failure } from '../../core/pipeline/failure.js';
import { updateRow, type TreeTable } from './rows.js';

/** A place in the tree: an organization's root (`parent_id` null) or a collection. Rows name their own place. */
export interface TreeParent {
  organization_id: string;
  parent_id: string | null;
}

export interface TreeItem {
  type: 'space' | 'collection';
  id: string;
}

interface Sibling extends TreeItem {
  position: number;
}

/** Below this gap a midpoint stops being exact enough to keep, so the siblings are renumbered. */
const MIN_GAP = 1e-6;

const TABLE: Record<TreeItem['type'], TreeTable> = { space: 'spaces', collection: 'collections' };

/** Collections and spaces out of the trash under one parent, in their shared order. */
function siblingsOf(db: Database, parent: TreeParent): Sibling[] {
  return db.all<Sibling>(
    `SELECT 'collection' AS type, id, position FROM collections
       WHERE organization_id = ? AND parent_id IS ?
     UNION ALL
     SELECT 'space' AS type, id, position FROM spaces
       WHERE organization_id = ? AND parent_id IS ? AND deleted_at IS NULL
     ORDER BY position, id`,
    parent.organization_id,
    parent.parent_id,
    parent.organization_id,
    parent.parent_id,
  );
}

/** The position after every current child of `parent`. */
export function endOf(db: Database, parent: TreeParent): number {
  const siblings = siblingsOf(db, parent);
  return positionAt(db, siblings, siblings.length);
}

/**
 * The position that puts an item where `position` points among the children of `parent` (at the
 * end without a pointer). `item`, when given, is the item being moved: a 409 when it would stay
 * where it is.
 */
export function placeAmong(
  db: Database,
  parent: TreeParent,
  item: TreeItem | undefined,
  position: ContentPosition | undefined,
): number | Failure {
  const siblings = siblingsOf(db, parent);
  const current = item ? siblings.findIndex((s) => s.type === item.type && s.id === item.id) : -1;
  const others = current === -1 ? siblings : siblings.filter((_, i) => i !== current);
  const index = targetIndex(others, position);
  if (index === undefined) return badRequest('Invalid position space or collection provided');
  if (index === current) return conflict('Operation would not result in any update');
  return positionAt(db, others, index);
}

/** Index among `others` where the item goes; undefined when a pointer names no sibling. */
function targetIndex(others: Sibling[], position: ContentPosition | undefined): number | undefined {
  const before = position?.before && indexOf(others, position.before);
  const after = position?.after && indexOf(others, position.after);
  if (before === -1 || after === -1) return undefined;
  // Both pointers must name neighbours: the item goes between them.
  if (before !== undefined && after !== undefined) return after + 1 === before ? before : undefined;
  if (before !== undefined) return before;
  if (after !== undefined) return after + 1;
  return others.length;
}

function indexOf(siblings: Sibling[], pointer: ContentPointer): number {
  const id = pointer.type === 'space' ? pointer.space : pointer.collection;
  return siblings.findIndex((s) => s.type === pointer.type && s.id === id);
}

function positionAt(db: Database, others: Sibling[], index: number): number {
  const previous = others[index - 1]?.position;
  const next = others[index]?.position;
  if (previous === undefined) return next === undefined ? 1 : next - 1;
  if (next === undefined) return previous + 1;
  if (next - previous > MIN_GAP) return (previous + next) / 2;
  renumber(db, others);
  return index + 0.5;
}

/** Spreads the siblings to 1, 2, 3…, keeping their order. */
function renumber(db: Database, siblings: Sibling[]): void {
  siblings.forEach((sibling, i) => updateRow(db, TABLE[sibling.type], sibling.id, { position: i + 1 }));
}
