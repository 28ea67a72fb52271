import type { Database } from '../../core/db/database.js';
import { notFound, type Failure } from '../../core/pipeline/failure.js';
import { endPosition, moveWithin, TABLE, type Position, type SiblingSet, type StructureItem } from './order.js';

interface Placed {
  section_id?: string | null;
  group_id?: string | null;
  parent_id?: string | null;
}

/** The sibling set `item` belongs to in its site, or undefined when the site has no such item. */
export function siblingSetOf(db: Database, siteId: string, item: StructureItem): SiblingSet | undefined {
  const row = db.get<Placed>(`SELECT * FROM ${TABLE[item.type]} WHERE id = ? AND site_id = ?`, item.id, siteId);
  if (!row) return undefined;
  if (item.type === 'site-space') return { kind: 'site-spaces', siteId, sectionId: row.section_id ?? null };
  return { kind: 'sections', siteId, groupId: (item.type === 'site-section' ? row.group_id : row.parent_id) ?? null };
}

/**
 * Moves an item of a site's structure among its siblings: 404 (`missing`) when the site has no
 * such item, 400 (`invalid`) when the position names no sibling of it.
 */
export function moveStructureItem(
  db: Database,
  siteId: string,
  item: StructureItem,
  position: Position,
  messages: { missing: string; invalid: string },
): Failure | undefined {
  const set = siblingSetOf(db, siteId, item);
  if (!set) return notFound(messages.missing);
  return moveWithin(db, set, item, position, messages.invalid);
}

/** Puts a section or a group at the end of a group, or of the root of the site when `groupId` is null. */
export function reparent(db: Database, siteId: string, item: StructureItem, groupId: string | null): void {
  const column = item.type === 'site-section' ? 'group_id' : 'parent_id';
  const position = endPosition(db, { kind: 'sections', siteId, groupId });
  db.run(`UPDATE ${TABLE[item.type]} SET ${column} = ?, position = ? WHERE id = ?`, groupId, position, item.id);
}
