import type { Database } from '../../core/db/database.js';
import { badRequest, type Failure } from '../../core/pipeline/failure.js';

export type StructureType = 'site-space' | 'site-section' | 'site-section-group';

/** One item of a site's structure. */
export interface StructureItem {
  type: StructureType;
  id: string;
}

/**
 * Items that share one order: the site spaces of a section (or of the root of a site without
 * sections), or the sections and groups directly in a group (or at the root).
 */
export type SiblingSet =
  | { kind: 'site-spaces'; siteId: string; sectionId: string | null }
  | { kind: 'sections'; siteId: string; groupId: string | null };

export const TABLE: Record<StructureType, string> = {
  'site-space': 'site_spaces',
  'site-section': 'site_sections',
  'site-section-group': 'site_section_groups',
};

function siblingsSql(set: SiblingSet): { sql: string; params: unknown[] } {
  if (set.kind === 'site-spaces') {
    return {
      sql: `SELECT 'site-space' AS type, id, position FROM site_spaces WHERE site_id = ? AND section_id IS ?`,
      params: [set.siteId, set.sectionId],
    };
  }
  return {
    sql: `SELECT 'site-section' AS type, id, position FROM site_sections WHERE site_id = ? AND group_id IS ?
          UNION ALL
          SELECT 'site-section-group' AS type, id, position FROM site_section_groups WHERE site_id = ? AND parent_id IS ?`,
    params: [set.siteId, set.groupId, set.siteId, set.groupId],
  };
}

/** The items of a sibling set in their order (position, then id). */
export function siblings(db: Database, set: SiblingSet): StructureItem[] {
  const { sql, params } = siblingsSql(set);
  return db.all<StructureItem>(`SELECT type, id FROM (${sql}) ORDER BY position, id`, ...params);
}

/** The position after every item of the set. */
export function endPosition(db: Database, set: SiblingSet): number {
  const { sql, params } = siblingsSql(set);
  return db.get<{ end: number }>(`SELECT coalesce(max(position) + 1, 0) AS end FROM (${sql})`, ...params)!.end;
}

export interface Position {
  before?: StructureItem;
  after?: StructureItem;
}

const same = (a: StructureItem) => (b: StructureItem) => a.type === b.type && a.id === b.id;

/**
 * `order` with `item` moved before `before`, after `after`, between the two when both are given
 * (they must then be neighbours), or to the end when neither is. A neighbour that is not another
 * sibling makes the position invalid.
 */
export function placeItem(order: StructureItem[], item: StructureItem, position: Position, invalid: string): StructureItem[] | Failure {
  const rest = order.filter((sibling) => !same(item)(sibling));
  const indexOf = (pointer: StructureItem | undefined) => (pointer ? rest.findIndex(same(pointer)) : undefined);
  const before = indexOf(position.before);
  const after = indexOf(position.after);
  if (before === -1 || after === -1) return badRequest(invalid);
  if (before !== undefined && after !== undefined && after + 1 !== before) return badRequest(invalid);
  const at = before ?? (after === undefined ? rest.length : after + 1);
  return [...rest.slice(0, at), item, ...rest.slice(at)];
}

/** Stores `order` as the positions 0, 1, 2… of its items. */
export function writeOrder(db: Database, order: StructureItem[]): void {
  order.forEach((item, position) => db.run(`UPDATE ${TABLE[item.type]} SET position = ? WHERE id = ?`, position, item.id));
}

/** Moves `item` within `set` as `position` says, or answers 400 when the position is invalid. */
export function moveWithin(
  db: Database,
  set: SiblingSet,
  item: StructureItem,
  position: Position,
  invalid: string,
): Failure | undefined {
  const order = placeItem(siblings(db, set), item, position, invalid);
  if (!Array.isArray(order)) return order;
  writeOrder(db, order);
  return undefined;
}
