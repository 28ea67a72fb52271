import type { Role } from '../../../../src-shared/contract/common.js';
import type { Database } from '../../core/db/database.js';
import type { KeysetQuery, OrderKey } from '../../core/pagination.js';
import type { UserRow } from '../users/sql.js';

/** A membership with its user's columns and the number of the organization's teams it belongs to. */
export interface MemberRow extends UserRow {
  organization_id: string;
  user_id: string;
  role: Role | null;
  disabled: number;
  sso: number;
  joined_at: string;
  last_seen_at: string | null;
  team_count: number;
}

export const MEMBER_SELECT = `m.*, u.*, (
  SELECT count(*) FROM team_members x JOIN teams y ON y.id = x.team_id
  WHERE x.user_id = m.user_id AND y.organization_id = m.organization_id
) AS team_count`;
export const MEMBER_FROM = 'members m JOIN users u ON u.id = m.user_id';

export function findMember(db: Database, organizationId: string, userId: string): MemberRow | undefined {
  return db.get<MemberRow>(
    `SELECT ${MEMBER_SELECT} FROM ${MEMBER_FROM} WHERE m.organization_id = ? AND m.user_id = ?`,
    organizationId,
    userId,
  );
}

/** Users table e-mails compare without case, so this finds `Ann@x.org` for `ann@x.org`. */
export function findMemberByEmail(db: Database, organizationId: string, email: string): MemberRow | undefined {
  return db.get<MemberRow>(
    `SELECT ${MEMBER_SELECT} FROM ${MEMBER_FROM} WHERE m.organization_id = ? AND u.email = ?`,
    organizationId,
    email,
  );
}

export interface MemberFilter {
  order: 'asc' | 'desc';
  role?: Role | 'guest';
  search?: string;
  sort: 'joinedAt' | 'lastSeenAt' | 'name';
}

const SORT_KEYS: Record<MemberFilter['sort'], Omit<OrderKey, 'desc'>> = {
  joinedAt: { expr: 'm.joined_at', column: 'joined_at' },
  lastSeenAt: { expr: 'm.last_seen_at', column: 'last_seen_at' },
  name: { expr: 'u.display_name COLLATE NOCASE', column: 'display_name' },
};

export function membersOf(organizationId: string, filter: MemberFilter): KeysetQuery {
  const conditions = ['m.organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (filter.role === 'guest') conditions.push('m.role IS NULL');
  else if (filter.role !== undefined) {
    conditions.push('m.role = ?');
    params.push(filter.role);
  }
  if (filter.search !== undefined) {
    // SQLite's lower() folds ASCII letters only; other scripts match case-sensitively.
    conditions.push('(instr(lower(u.display_name), lower(?)) > 0 OR instr(lower(u.email), lower(?)) > 0)');
    params.push(filter.search, filter.search);
  }
  // Keyset keys must never be NULL; sorting by last-seen time lists only members seen at least once.
  if (filter.sort === 'lastSeenAt') conditions.push('m.last_seen_at IS NOT NULL');
  const desc = filter.order === 'desc';
  return {
    select: MEMBER_SELECT,
    from: MEMBER_FROM,
    where: conditions.join(' AND '),
    params,
    order: [
      { ...SORT_KEYS[filter.sort], desc },
      { expr: 'm.user_id', column: 'user_id', desc },
    ],
  };
}

export function countActiveAdmins(db: Database, organizationId: string): number {
  return db.get<{ n: number }>(
    "SELECT count(*) AS n FROM members WHERE organization_id = ? AND role = 'admin' AND disabled = 0",
    organizationId,
  )!.n;
}

export function setMemberRole(db: Database, organizationId: string, userId: string, role: Role | null): void {
  db.run('UPDATE members SET role = ? WHERE organization_id = ? AND user_id = ?', role, organizationId, userId);
}

export function markSSOMember(db: Database, organizationId: string, userId: string): void {
  db.run('UPDATE members SET sso = 1 WHERE organization_id = ? AND user_id = ?', organizationId, userId);
}

export function touchLastSeen(db: Database, organizationId: string, userId: string, now: string): void {
  db.run('UPDATE members SET last_seen_at = ? WHERE organization_id = ? AND user_id = ?', now, organizationId, userId);
}

/** Removes the membership and, with it, the user's places in the organization's teams. */
export function removeMember(db: Database, organizationId: string, userId: string): void {
  db.run(
    'DELETE FROM team_members WHERE user_id = ? AND team_id IN (SELECT id FROM teams WHERE organization_id = ?)',
    userId,
    organizationId,
  );
  db.run('DELETE FROM members WHERE organization_id = ? AND user_id = ?', organizationId, userId);
}
