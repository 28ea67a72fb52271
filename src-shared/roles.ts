import { ROLES, type Role } from './contract/common.js';

const RANK: Record<Role, number> = Object.fromEntries(ROLES.map((role, i) => [role, ROLES.length - i])) as Record<
  Role,
  number
>;

/** null and undefined (a guest, or no access at all) rank below every role. */
export function roleRank(role: Role | null | undefined): number {
  return role ? RANK[role] : 0;
}

export function roleAtLeast(role: Role | null | undefined, minimum: Role): boolean {
  return roleRank(role) >= RANK[minimum];
}

export function strongestRole(a: Role | undefined, b: Role | undefined): Role | undefined {
  return roleRank(a) >= roleRank(b) ? a : b;
}
