import type { StoredLevel } from '../access/content-role.js';
import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { KeysetQuery } from '../../core/pagination.js';
import { ascending, insertRow } from '../content-tree/rows.js';

export interface CollectionRow {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  description: string | null;
  default_level: StoredLevel;
  position: number;
  created_at: string;
}

export function findCollection(db: Database, id: string): CollectionRow | undefined {
  return db.get<CollectionRow>('SELECT * FROM collections WHERE id = ?', id);
}

export function insertCollection(
  db: Database,
  collection: Pick<CollectionRow, 'organization_id' | 'parent_id' | 'title' | 'position'>,
  now: string,
): string {
  const id = newId();
  insertRow(db, 'collections', { ...collection, id, created_at: now });
  return id;
}

/** The collection and every collection below it. */
export function subtreeIds(db: Database, id: string): string[] {
  return db
    .all<{ id: string }>(
      `WITH RECURSIVE tree(id) AS (
         SELECT ? UNION ALL SELECT c.id FROM collections c JOIN tree ON c.parent_id = tree.id
       ) SELECT id FROM tree`,
      id,
    )
    .map((row) => row.id);
}

/** Sub-collections go with their parent (the foreign key cascades). */
export function deleteCollection(db: Database, id: string): void {
  db.run('DELETE FROM collections WHERE id = ?', id);
}

/**
 * Moves a subtree (`ids` from `subtreeIds`) with its spaces to another organization; its root
 * lands at `position` in that organization's root.
 */
export function transferSubtree(
  db: Database,
  ids: string[],
  target: { organization_id: string; position: number },
  now: string,
): void {
  const within = 'IN (SELECT value FROM json_each(?))';
  const organizationId = target.organization_id;
  db.run(`UPDATE collections SET organization_id = ? WHERE id ${within}`, organizationId, JSON.stringify(ids));
  db.run('UPDATE collections SET parent_id = NULL, position = ? WHERE id = ?', target.position, ids[0]);
  db.run(`UPDATE spaces SET organization_id = ?, updated_at = ? WHERE parent_id ${within}`, organizationId, now, JSON.stringify(ids));
}

/**
 * Every collection of an organization in creation order, or only the top-level ones in their
 * order among siblings (positions only compare within one parent).
 */
export function collectionsOf(organizationId: string, nested: boolean): KeysetQuery {
  return {
    select: '*',
    from: 'collections',
    where: nested ? 'organization_id = ?' : 'organization_id = ? AND parent_id IS NULL',
    params: [organizationId],
    order: nested ? ascending('created_at', 'id') : ascending('position', 'id'),
  };
}
