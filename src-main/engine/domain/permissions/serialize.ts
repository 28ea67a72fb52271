import type { Role } from '../../../../src-shared/contract/common.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { toTeam } from '../teams/serialize.js';
import { toUser } from '../users/sql.js';
import type { TeamGrantRow, UserGrantRow } from './sql.js';

export function toUserPermission(ctx: RequestContext, row: UserGrantRow) {
  return { permission: row.permission, user: toUser(ctx, row) };
}

/** `callerRole` is the caller's organization role, which decides what they may do with the team. */
export function toTeamPermission(row: TeamGrantRow, callerRole: Role | null | undefined) {
  return { permission: row.permission, team: toTeam(row, callerRole) };
}
