import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { KeysetQuery } from '../../core/pagination.js';
import { inCreationOrder, updateColumns } from '../sites/rows.js';
import { keepDefault, siteSpacesScope } from '../sites/defaults.js';
import { endPosition } from '../sites/order.js';

export interface SiteSpaceRow {
  id: string;
  site_id: string;
  section_id: string | null;
  space_id: string;
  path: string;
  condition: string | null;
  hidden: number;
  is_default: number;
  position: number;
  created_at: string;
}

export type SiteSpaceColumns = Partial<Pick<SiteSpaceRow, 'path' | 'condition' | 'space_id' | 'hidden'>>;

export function findSiteSpace(db: Database, siteId: string, id: string): SiteSpaceRow | undefined {
  return db.get<SiteSpaceRow>('SELECT * FROM site_spaces WHERE id = ? AND site_id = ?', id, siteId);
}

/** The site spaces of a section, or of the root of the site when `sectionId` is null, in order. */
export function siteSpacesIn(db: Database, siteId: string, sectionId: string | null): SiteSpaceRow[] {
  return db.all<SiteSpaceRow>(
    'SELECT * FROM site_spaces WHERE site_id = ? AND section_id IS ? ORDER BY position, id',
    siteId,
    sectionId,
  );
}

/** Adds a site space at the end of its section (or root); the first of a set becomes its default. */
export function insertSiteSpace(
  db: Database,
  siteSpace: Pick<SiteSpaceRow, 'site_id' | 'section_id' | 'space_id' | 'path'>,
  now: string,
): string {
  const id = newId();
  const position = endPosition(db, { kind: 'site-spaces', siteId: siteSpace.site_id, sectionId: siteSpace.section_id });
  db.run(
    'INSERT INTO site_spaces (id, site_id, section_id, space_id, path, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    id, siteSpace.site_id, siteSpace.section_id, siteSpace.space_id, siteSpace.path, position, now,
  );
  keepDefault(db, siteSpacesScope(siteSpace.site_id, siteSpace.section_id));
  return id;
}

export function updateSiteSpace(db: Database, id: string, columns: SiteSpaceColumns): void {
  updateColumns(db, 'site_spaces', id, columns);
}

export function deleteSiteSpace(db: Database, row: SiteSpaceRow): void {
  db.run('DELETE FROM site_spaces WHERE id = ?', row.id);
}

/** The paths the site spaces of a section (or root) already use. */
export function siteSpacePaths(db: Database, siteId: string, sectionId: string | null): Set<string> {
  return new Set(siteSpacesIn(db, siteId, sectionId).map((row) => row.path));
}

/** A site's site spaces in creation order; `isDefault` keeps only the defaults, or only the others. */
export function siteSpacesOf(siteId: string, isDefault: boolean | undefined): KeysetQuery {
  const where = isDefault === undefined ? 'site_id = ?' : 'site_id = ? AND is_default = ?';
  const params = isDefault === undefined ? [siteId] : [siteId, isDefault ? 1 : 0];
  return inCreationOrder('site_spaces', where, params);
}
