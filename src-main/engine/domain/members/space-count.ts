import type { LevelRow } from '../access/content-path.js';
import { contentRole } from '../access/content-role.js';
import type { Membership } from '../access/membership.js';
import type { Database } from '../../core/db/database.js';

/**
 * Counts the organization's live spaces a member can access. The spaces are read once, so a
 * page of members costs one query plus what `contentRole` reads once per collection and once
 * per member (their grants).
 */
export function spaceCounter(db: Database, organizationId: string): (membership: Membership) => number {
  const spaces = db.all<LevelRow>(
    'SELECT id, default_level, parent_id FROM spaces WHERE organization_id = ? AND deleted_at IS NULL',
    organizationId,
  );
  return (membership) => spaces.filter((space) => contentRole(db, space, membership) !== undefined).length;
}
