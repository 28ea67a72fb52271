import type { Role } from '../../../../src-shared/contract/common.js';
import type { Database } from '../../core/db/database.js';
import type { KeysetQuery } from '../../core/pagination.js';
import { TEAM_FROM, TEAM_SELECT, type TeamRow } from '../teams/sql.js';
import type { UserRow } from '../users/sql.js';
import type { Principal } from './principals.js';
import type { GrantTarget } from './rules.js';

const PRINCIPAL_COLUMN: Record<Principal['kind'], string> = { user: 'user_id', team: 'team_id' };

/** Grants `role` on the item, or changes the role already granted there; the grant keeps its date. */
export function setGrant(
  db: Database,
  column: GrantTarget<unknown>['column'],
  contentId: string,
  principal: Principal,
  role: Role,
  now: string,
): void {
  db.run(
    `INSERT INTO content_grants (${column}, ${PRINCIPAL_COLUMN[principal.kind]}, role, granted_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (content_id, principal_id) DO UPDATE SET role = excluded.role`,
    contentId,
    principal.id,
    role,
    now,
  );
}

export function hasGrant(db: Database, contentId: string, principalId: string): boolean {
  return !!db.get('SELECT 1 FROM content_grants WHERE content_id = ? AND principal_id = ?', contentId, principalId);
}

export function deleteGrant(db: Database, contentId: string, principalId: string): void {
  db.run('DELETE FROM content_grants WHERE content_id = ? AND principal_id = ?', contentId, principalId);
}

const BY_GRANT_DATE = (idExpr: string) => [
  { expr: 'g.granted_at', column: 'granted_at', desc: false },
  { expr: idExpr, column: 'id', desc: false },
];

export type UserGrantRow = UserRow & { permission: Role; granted_at: string };

/** The users granted a role on the item, in the order they were granted. */
export const userGrantsOn = (contentId: string): KeysetQuery => ({
  select: 'u.*, g.role AS permission, g.granted_at',
  from: 'content_grants g JOIN users u ON u.id = g.user_id',
  where: 'g.content_id = ?',
  params: [contentId],
  order: BY_GRANT_DATE('u.id'),
});

export type TeamGrantRow = TeamRow & { permission: Role; granted_at: string };

/** The teams granted a role on the item, in the order they were granted, as `callerId` sees them. */
export const teamGrantsOn = (contentId: string, callerId: string): KeysetQuery => ({
  select: `${TEAM_SELECT}, g.role AS permission, g.granted_at`,
  from: `${TEAM_FROM} JOIN content_grants g ON g.team_id = t.id`,
  where: 'g.content_id = ?',
  params: [callerId, contentId],
  order: BY_GRANT_DATE('t.id'),
});

/** The members who may hold a role on the organization's content: disabled ones hold none. */
export function activeMembers(db: Database, organizationId: string): { user_id: string; role: Role | null }[] {
  return db.all('SELECT user_id, role FROM members WHERE organization_id = ? AND disabled = 0', organizationId);
}

/** The given users by name. */
export const usersAmong = (userIds: string[]): KeysetQuery => ({
  select: '*',
  from: 'users',
  where: 'id IN (SELECT value FROM json_each(?))',
  params: [JSON.stringify(userIds)],
  order: [
    { expr: 'display_name COLLATE NOCASE', column: 'display_name', desc: false },
    { expr: 'id', column: 'id', desc: false },
  ],
});
