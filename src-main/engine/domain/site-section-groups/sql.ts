import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { KeysetQuery } from '../../core/pagination.js';
import { inCreationOrder, updateColumns } from '../sites/rows.js';
import { endPosition } from '../sites/order.js';

export interface SiteSectionGroupRow {
  id: string;
  site_id: string;
  parent_id: string | null;
  title: string;
  icon: string | null;
  position: number;
  created_at: string;
}

export function findGroup(db: Database, siteId: string, id: string): SiteSectionGroupRow | undefined {
  return db.get<SiteSectionGroupRow>('SELECT * FROM site_section_groups WHERE id = ? AND site_id = ?', id, siteId);
}

/** Adds a group at the end of its parent group, or of the root of the site. */
export function insertGroup(
  db: Database,
  group: Pick<SiteSectionGroupRow, 'site_id' | 'parent_id' | 'title' | 'icon'>,
  now: string,
): string {
  const id = newId();
  const position = endPosition(db, { kind: 'sections', siteId: group.site_id, groupId: group.parent_id });
  db.run(
    'INSERT INTO site_section_groups (id, site_id, parent_id, title, icon, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    id, group.site_id, group.parent_id, group.title, group.icon, position, now,
  );
  return id;
}

export function updateGroup(db: Database, id: string, columns: Partial<Pick<SiteSectionGroupRow, 'title' | 'icon'>>): void {
  updateColumns(db, 'site_section_groups', id, columns);
}

export function deleteGroup(db: Database, id: string): void {
  db.run('DELETE FROM site_section_groups WHERE id = ?', id);
}

export function groupsOf(siteId: string): KeysetQuery {
  return inCreationOrder('site_section_groups', 'site_id = ?', [siteId]);
}
