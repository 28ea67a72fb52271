import type { Database } from '../../core/db/database.js';
import type { SiteSecrets } from './visitor-access.js';

/** A published site's row as serving it needs; undefined for an unknown or unpublished site. */
export function findPublishedSite(db: Database, siteId: string): (SiteSecrets & { id: string }) | undefined {
  return db.get<SiteSecrets & { id: string }>('SELECT id, visibility, share_key, visitor_auth_key FROM sites WHERE id = ? AND published = 1', siteId);
}
