import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { KeysetQuery } from '../../core/pagination.js';
import { inCreationOrder, updateColumns } from '../sites/rows.js';
import { keepDefault, sectionsScope } from '../sites/defaults.js';
import { endPosition } from '../sites/order.js';

export interface SiteSectionRow {
  id: string;
  site_id: string;
  group_id: string | null;
  title: string;
  description: string | null;
  path: string;
  icon: string | null;
  condition: string | null;
  is_default: number;
  position: number;
  created_at: string;
}

export type SiteSectionColumns = Partial<
  Pick<SiteSectionRow, 'title' | 'path' | 'condition' | 'icon' | 'description' | 'group_id' | 'position'>
>;

export function findSection(db: Database, siteId: string, id: string): SiteSectionRow | undefined {
  return db.get<SiteSectionRow>('SELECT * FROM site_sections WHERE id = ? AND site_id = ?', id, siteId);
}

export function hasSections(db: Database, siteId: string): boolean {
  return db.get('SELECT 1 FROM site_sections WHERE site_id = ? LIMIT 1', siteId) !== undefined;
}

export function defaultSection(db: Database, siteId: string): SiteSectionRow | undefined {
  return db.get<SiteSectionRow>('SELECT * FROM site_sections WHERE site_id = ? AND is_default = 1', siteId);
}

/** Adds a section at the end of the root of the site; the site's first section becomes its default. */
export function insertSection(
  db: Database,
  section: Pick<SiteSectionRow, 'site_id' | 'title' | 'path' | 'icon'>,
  now: string,
): string {
  const id = newId();
  const position = endPosition(db, { kind: 'sections', siteId: section.site_id, groupId: null });
  db.run(
    'INSERT INTO site_sections (id, site_id, title, path, icon, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    id, section.site_id, section.title, section.path, section.icon, position, now,
  );
  keepDefault(db, sectionsScope(section.site_id));
  return id;
}

export function updateSection(db: Database, id: string, columns: SiteSectionColumns): void {
  updateColumns(db, 'site_sections', id, columns);
}

/** Deletes a section with its site spaces (the foreign key cascades). */
export function deleteSection(db: Database, row: SiteSectionRow): void {
  db.run('DELETE FROM site_sections WHERE id = ?', row.id);
}

export function sectionPaths(db: Database, siteId: string): Set<string> {
  return new Set(db.all<{ path: string }>('SELECT path FROM site_sections WHERE site_id = ?', siteId).map((r) => r.path));
}

export function sectionsOf(siteId: string): KeysetQuery {
  return inCreationOrder('site_sections', 'site_id = ?', [siteId]);
}
