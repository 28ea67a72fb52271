import type { Role } from '../../../../src-shared/contract/common.js';
import { strongestRole } from '../../../../src-shared/roles.js';
import type { Database } from '../../core/db/database.js';
import { contentPath, type LevelRow, type PathStep } from './content-path.js';
import { grantedOnPath, grantsOf } from './grants.js';
import { activeRole, type Membership } from './membership.js';

/** Stored default level: a role, `inherit`, or `none` (the API's null: no access by default). */
export type StoredLevel = Role | 'inherit' | 'none';

/**
 * A member's role on a space or collection: the strongest of what their organization role
 * gives there and of every grant on it or on a collection around it, to them or to one of
 * their teams. Outsiders and disabled members get nothing.
 */
export function contentRole(db: Database, start: LevelRow, membership: Membership | undefined): Role | undefined {
  const orgRole = activeRole(membership);
  if (!membership || orgRole === undefined) return undefined;
  if (orgRole === 'admin') return 'admin';
  const path = contentPath(db, start);
  return roleFrom(orgRole, inheritedLevel(path), grantedOnPath(grantsOf(db, membership), path));
}

/**
 * The one rule of content roles. Organization admins administrate everything; other members
 * get the first explicit default level up the path (`level`), or their organization role when
 * every level inherits; guests get nothing by default. A grant raises that role, never lowers it.
 */
export function roleFrom(orgRole: Role | null, level: StoredLevel, granted: Role | undefined): Role | undefined {
  if (orgRole === 'admin') return 'admin';
  if (orgRole === null) return granted;
  const byDefault = level === 'none' ? undefined : level === 'inherit' ? orgRole : level;
  return strongestRole(byDefault, granted);
}

/** The first level up the path that does not inherit. */
export function inheritedLevel(path: readonly PathStep[]): StoredLevel {
  return path.find((step) => step.default_level !== 'inherit')?.default_level ?? 'inherit';
}

export function toApiLevel(level: StoredLevel): Role | 'inherit' | null {
  return level === 'none' ? null : level;
}

export function fromApiLevel(level: Role | 'inherit' | null): StoredLevel {
  return level === null ? 'none' : level;
}
