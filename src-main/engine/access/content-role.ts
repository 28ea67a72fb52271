import type { Role } from '../../../src-shared/contract/common.js';
import type { Database } from '../db/database.js';
import { activeRole, type Membership } from './membership.js';

/** Stored default level: a role, `inherit`, or `none` (the API's null: no access by default). */
export type StoredLevel = Role | 'inherit' | 'none';

interface LevelRow {
  default_level: StoredLevel;
  parent_id: string | null;
}

/**
 * A member's role on a space or collection: organization admins administrate everything;
 * other members get the first explicit default level up the collection chain, or their
 * organization role when every level inherits; guests get nothing by default.
 */
export function contentRole(db: Database, start: LevelRow, membership: Membership | undefined): Role | undefined {
  const orgRole = activeRole(membership);
  if (orgRole === undefined || orgRole === null) return undefined;
  if (orgRole === 'admin') return 'admin';
  const level = resolveLevel(db, start);
  if (level === 'none') return undefined;
  return level === 'inherit' ? orgRole : level;
}

function resolveLevel(db: Database, start: LevelRow): StoredLevel {
  let row: LevelRow | undefined = start;
  // Collections nest without cycles (moves refuse them); the bound is a guard against a corrupted file.
  for (let depth = 0; row && depth < 1000; depth++) {
    if (row.default_level !== 'inherit') return row.default_level;
    row = row.parent_id
      ? db.get<LevelRow>('SELECT default_level, parent_id FROM collections WHERE id = ?', row.parent_id)
      : undefined;
  }
  return 'inherit';
}

export function toApiLevel(level: StoredLevel): Role | 'inherit' | null {
  return level === 'none' ? null : level;
}

export function fromApiLevel(level: Role | 'inherit' | null): StoredLevel {
  return level === null ? 'none' : level;
}
