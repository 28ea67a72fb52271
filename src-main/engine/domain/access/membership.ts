import type { Role } from '../../../../src-shared/contract/common.js';
import type { Database } from '../../core/db/database.js';

/** A user's place in an organization. `role` null is a guest. */
export interface Membership {
  organizationId: string;
  userId: string;
  role: Role | null;
  disabled: boolean;
}

export function findMembership(db: Database, organizationId: string, userId: string): Membership | undefined {
  return db.memoize(`member:${organizationId}:${userId}`, () => readMembership(db, organizationId, userId));
}

function readMembership(db: Database, organizationId: string, userId: string): Membership | undefined {
  const row = db.get<{ role: Role | null; disabled: number }>(
    'SELECT role, disabled FROM members WHERE organization_id = ? AND user_id = ?',
    organizationId,
    userId,
  );
  if (!row) return undefined;
  return { organizationId, userId, role: row.role, disabled: row.disabled === 1 };
}

/** The role that counts for access: none for a disabled membership. */
export function activeRole(membership: Membership | undefined): Role | null | undefined {
  if (!membership || membership.disabled) return undefined;
  return membership.role;
}
