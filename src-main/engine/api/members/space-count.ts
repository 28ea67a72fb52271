import type { Database } from '../../db/database.js';
import { contentRole, type StoredLevel } from '../../access/content-role.js';
import type { Membership } from '../../access/membership.js';

/**
 * Counts the organization's live spaces a member can access. The spaces are read once, so a
 * page of members costs one query plus the collection lookups `contentRole` makes.
 */
export function spaceCounter(db: Database, organizationId: string): (membership: Membership) => number {
  const spaces = db.all<{ default_level: StoredLevel; parent_id: string | null }>(
    'SELECT default_level, parent_id FROM spaces WHERE organization_id = ? AND deleted_at IS NULL',
    organizationId,
  );
  return (membership) => spaces.filter((space) => contentRole(db, space, membership) !== undefined).length;
}
