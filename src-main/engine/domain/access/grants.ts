import type { Role } from '../../../../src-shared/contract/common.js';
import { strongestRole } from '../../../../src-shared/roles.js';
import type { Database } from '../../core/db/database.js';
import type { Membership } from './membership.js';
import type { PathStep } from './content-path.js';

/** Content id → the strongest role granted there. */
export type Grants = ReadonlyMap<string, Role>;

/** The teams of organization `@organizationId` that user `@userId` belongs to. */
const TEAMS_OF_USER = `SELECT tm.team_id FROM team_members tm JOIN teams t ON t.id = tm.team_id
  WHERE tm.user_id = @userId AND t.organization_id = @organizationId`;

/**
 * Every grant on the organization's content that reaches a member, to them or to one of their
 * teams: one query until the database changes.
 */
export function grantsOf(db: Database, membership: Membership): Grants {
  const { organizationId, userId } = membership;
  return db.memoize(`grants:${organizationId}:${userId}`, () =>
    strongestBy(
      db.all<{ key: string; role: Role }>(
        `SELECT g.content_id AS key, g.role FROM content_grants g
         WHERE (g.user_id = @userId OR g.team_id IN (${TEAMS_OF_USER}))
           AND @organizationId IN (SELECT organization_id FROM spaces WHERE id = g.space_id
                                   UNION ALL SELECT organization_id FROM collections WHERE id = g.collection_id)`,
        { organizationId, userId },
      ),
    ),
  );
}

/**
 * User id → the strongest role granted on any step of `path` to that user or to a team of
 * theirs: what `grantsOf` gives each member there, in one query for all. Grants on content
 * only ever name its organization's users and teams (the table's triggers see to it).
 */
export function grantsOnPath(db: Database, path: readonly PathStep[]): Grants {
  return strongestBy(
    db.all<{ key: string; role: Role }>(
      `SELECT g.user_id AS key, g.role FROM content_grants g
       WHERE g.content_id IN (SELECT value FROM json_each(@path)) AND g.user_id IS NOT NULL
       UNION ALL
       SELECT tm.user_id, g.role FROM content_grants g JOIN team_members tm ON tm.team_id = g.team_id
       WHERE g.content_id IN (SELECT value FROM json_each(@path))`,
      { path: JSON.stringify(path.map((step) => step.id)) },
    ),
  );
}

/** The strongest role granted on any step of `path`. */
export function grantedOnPath(grants: Grants, path: readonly PathStep[]): Role | undefined {
  return path.reduce<Role | undefined>((role, step) => strongestRole(role, grants.get(step.id)), undefined);
}

function strongestBy(rows: { key: string; role: Role }[]): Grants {
  const strongest = new Map<string, Role>();
  for (const { key, role } of rows) strongest.set(key, strongestRole(strongest.get(key), role)!);
  return strongest;
}
