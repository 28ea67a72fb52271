import { randomBytes } from 'node:crypto';
import type { SiteVisibility } from '../../../../src-shared/contract/sites.js';
import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { KeysetQuery } from '../../core/pagination.js';
import { inCreationOrder, updateColumns } from './rows.js';

export interface SiteRow {
  id: string;
  organization_id: string;
  type: string;
  title: string;
  visibility: SiteVisibility;
  published: number;
  hostname: string | null;
  basename: string | null;
  proxy: string | null;
  agents_context: 'excluded' | 'included';
  adaptive_content: number;
  adaptive_schema: string | null;
  adaptive_schema_at: string | null;
  share_key: string;
  visitor_auth_key: string;
  created_at: string;
  updated_at: string;
}

/** The columns a site update may set. Names always come from our code, never from input. */
export type SiteColumns = Partial<
  Pick<
    SiteRow,
    | 'title' | 'visibility' | 'published' | 'hostname' | 'basename' | 'proxy' | 'agents_context'
    | 'adaptive_content' | 'adaptive_schema' | 'adaptive_schema_at' | 'visitor_auth_key'
  >
>;

export function findSite(db: Database, organizationId: string, siteId: string): SiteRow | undefined {
  return db.get<SiteRow>('SELECT * FROM sites WHERE id = ? AND organization_id = ?', siteId, organizationId);
}

export function insertSite(
  db: Database,
  site: Pick<SiteRow, 'organization_id' | 'type' | 'title' | 'visibility'>,
  now: string,
): string {
  const id = newId();
  db.run(
    `INSERT INTO sites (id, organization_id, type, title, visibility, agents_context, share_key, visitor_auth_key,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'included', ?, ?, ?, ?)`,
    id, site.organization_id, site.type, site.title, site.visibility, secret(), secret(), now, now,
  );
  return id;
}

/** 256 random bits, URL-safe: a share-link key or a visitor-token signing key. */
export function secret(): string {
  return randomBytes(32).toString('base64url');
}

export function updateSite(db: Database, id: string, columns: SiteColumns, now: string): void {
  updateColumns(db, 'sites', id, { ...columns, updated_at: now });
}

export function deleteSite(db: Database, id: string): void {
  db.run('DELETE FROM sites WHERE id = ?', id);
}

export function countSiteSpaces(db: Database, siteId: string): number {
  return db.get<{ n: number }>('SELECT count(*) AS n FROM site_spaces WHERE site_id = ?', siteId)!.n;
}

export interface SiteFilters {
  space?: string;
  title?: string;
  published?: boolean;
}

/** An organization's sites, oldest first, narrowed by the list's filters. */
export function sitesOf(organizationId: string, filters: SiteFilters): KeysetQuery {
  const where = ['organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (filters.space !== undefined) {
    where.push('id IN (SELECT site_id FROM site_spaces WHERE space_id = ?)');
    params.push(filters.space);
  }
  if (filters.title !== undefined) {
    where.push("instr(lower(title), lower(?)) > 0");
    params.push(filters.title);
  }
  if (filters.published !== undefined) {
    where.push('published = ?');
    params.push(filters.published ? 1 : 0);
  }
  return inCreationOrder('sites', where.join(' AND '), params);
}
