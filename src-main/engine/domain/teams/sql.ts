import type { TeamMemberRole } from '../../../../src-shared/contract/teams.js';
import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { KeysetQuery } from '../../core/pagination.js';
import { MEMBER_FROM, MEMBER_SELECT, type MemberRow } from '../members/sql.js';

/**
 * A team with its member count, the number of live spaces granted to it (directly or through a
 * collection) and the caller's role in it (null when the caller is not in it).
 */
export interface TeamRow {
  id: string;
  organization_id: string;
  title: string;
  created_at: string;
  member_count: number;
  space_count: number;
  caller_role: TeamMemberRole | null;
}

/** Spaces out of the trash granted to team `t`: directly, or inside a granted collection at any depth. */
const SPACE_COUNT = `(
  WITH RECURSIVE reach(id) AS (
    SELECT collection_id FROM content_grants WHERE team_id = t.id AND collection_id IS NOT NULL
    UNION SELECT c.id FROM collections c JOIN reach ON c.parent_id = reach.id
  )
  SELECT count(*) FROM (
    SELECT s.id FROM reach JOIN spaces s ON s.organization_id = t.organization_id AND s.parent_id = reach.id
    WHERE s.deleted_at IS NULL
    UNION
    SELECT s.id FROM content_grants g JOIN spaces s ON s.id = g.space_id WHERE g.team_id = t.id AND s.deleted_at IS NULL
  )
)`;

export const TEAM_SELECT = `t.*, (SELECT count(*) FROM team_members n WHERE n.team_id = t.id) AS member_count,
  ${SPACE_COUNT} AS space_count, c.role AS caller_role`;
/** Its one parameter is the caller's user id; it comes before any of the WHERE clause. */
export const TEAM_FROM = 'teams t LEFT JOIN team_members c ON c.team_id = t.id AND c.user_id = ?';
const BY_CREATION = [
  { expr: 't.created_at', column: 'created_at', desc: false },
  { expr: 't.id', column: 'id', desc: false },
];
const TITLE_MATCH = 'instr(lower(t.title), lower(?)) > 0';

export function findTeam(db: Database, organizationId: string, teamId: string, callerId: string): TeamRow | undefined {
  return db.get<TeamRow>(
    `SELECT ${TEAM_SELECT} FROM ${TEAM_FROM} WHERE t.id = ? AND t.organization_id = ?`,
    callerId,
    teamId,
    organizationId,
  );
}

/** The organization a team belongs to, whoever asks; undefined for an unknown team. */
export function teamOrganization(db: Database, teamId: string): string | undefined {
  return db.get<{ organization_id: string }>('SELECT organization_id FROM teams WHERE id = ?', teamId)?.organization_id;
}

/** The organization's teams; `ownedBy` keeps only those where that user is an owner. */
export function teamsOf(
  organizationId: string,
  callerId: string,
  filter: { title?: string; ownedBy?: string },
): KeysetQuery {
  const conditions = ['t.organization_id = ?'];
  const params: unknown[] = [callerId, organizationId];
  if (filter.title !== undefined) {
    conditions.push(TITLE_MATCH);
    params.push(filter.title);
  }
  if (filter.ownedBy !== undefined) {
    conditions.push("EXISTS (SELECT 1 FROM team_members o WHERE o.team_id = t.id AND o.user_id = ? AND o.role = 'owner')");
    params.push(filter.ownedBy);
  }
  return { select: TEAM_SELECT, from: TEAM_FROM, where: conditions.join(' AND '), params, order: BY_CREATION };
}

export type MemberTeamRow = TeamRow & { member_role: TeamMemberRole };

/** The teams `userId` belongs to, each with that user's role in it as `member_role`. */
export function teamsOfMember(organizationId: string, userId: string, callerId: string, title?: string): KeysetQuery {
  const conditions = ['t.organization_id = ?'];
  const params: unknown[] = [callerId, userId, organizationId];
  if (title !== undefined) {
    conditions.push(TITLE_MATCH);
    params.push(title);
  }
  return {
    select: `${TEAM_SELECT}, m.role AS member_role`,
    from: `${TEAM_FROM} JOIN team_members m ON m.team_id = t.id AND m.user_id = ?`,
    where: conditions.join(' AND '),
    params,
    order: BY_CREATION,
  };
}

export function insertTeam(
  db: Database,
  input: { organizationId: string; title: string; memberIds: string[]; now: string },
): string {
  const id = newId();
  db.run('INSERT INTO teams (id, organization_id, title, created_at) VALUES (?, ?, ?, ?)', id, input.organizationId, input.title, input.now);
  for (const userId of input.memberIds) addToTeam(db, id, userId, input.now);
  return id;
}

export function renameTeam(db: Database, teamId: string, title: string): void {
  db.run('UPDATE teams SET title = ? WHERE id = ?', title, teamId);
}

/** Team memberships go with the team; SAML providers that defaulted to it lose their default. */
export function deleteTeam(db: Database, teamId: string): void {
  db.run('DELETE FROM teams WHERE id = ?', teamId);
}

export interface TeamMemberRow extends MemberRow {
  team_role: TeamMemberRole;
  added_at: string;
}

export function membersOfTeam(team: TeamRow): KeysetQuery {
  return {
    select: `${MEMBER_SELECT}, tm.role AS team_role, tm.added_at`,
    from: `${MEMBER_FROM} JOIN team_members tm ON tm.user_id = m.user_id`,
    where: 'tm.team_id = ? AND m.organization_id = ?',
    params: [team.id, team.organization_id],
    order: [
      { expr: 'tm.added_at', column: 'added_at', desc: false },
      { expr: 'tm.user_id', column: 'user_id', desc: false },
    ],
  };
}

/** Adds a user as a plain member; someone already in the team keeps their role. */
export function addToTeam(db: Database, teamId: string, userId: string, now: string): void {
  db.run(
    "INSERT INTO team_members (team_id, user_id, role, added_at) VALUES (?, ?, 'member', ?) ON CONFLICT DO NOTHING",
    teamId,
    userId,
    now,
  );
}

export function setTeamRole(db: Database, teamId: string, userId: string, role: TeamMemberRole, now: string): void {
  db.run(
    'INSERT INTO team_members (team_id, user_id, role, added_at) VALUES (?, ?, ?, ?) ON CONFLICT (team_id, user_id) DO UPDATE SET role = excluded.role',
    teamId,
    userId,
    role,
    now,
  );
}

export function removeFromTeam(db: Database, teamId: string, userId: string): boolean {
  return db.run('DELETE FROM team_members WHERE team_id = ? AND user_id = ?', teamId, userId).changes > 0;
}
