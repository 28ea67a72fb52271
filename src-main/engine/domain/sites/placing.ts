import { freeSlug, slugFromTitle } from '../content/slugs.js';
import type { Database } from '../../core/db/database.js';
import { insertSiteSpace, siteSpacePaths } from '../site-spaces/sql.js';
import type { SpaceRow } from '../spaces/sql.js';

/** Publishes `space` in a section (or at the root), under a path made from its title. */
export function addSiteSpace(db: Database, siteId: string, sectionId: string | null, space: SpaceRow, now: string): string {
  const path = freeSlug(slugFromTitle(space.title), siteSpacePaths(db, siteId, sectionId));
  return insertSiteSpace(db, { site_id: siteId, section_id: sectionId, space_id: space.id, path }, now);
}
