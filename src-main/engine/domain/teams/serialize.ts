import type { Role } from '../../../../src-shared/contract/common.js';
import type { OperationOutput } from '../../../../src-shared/contract/operation.js';
import type { teams } from '../../../../src-shared/contract/teams.js';
import { teamPermissions } from './rules.js';
import type { TeamRow } from './sql.js';

type Team = OperationOutput<typeof teams.getTeamInOrganizationById>;

/** `callerRole` is the caller's organization role; their team role comes with the row. */
export function toTeam(row: TeamRow, callerRole: Role | null | undefined): Team {
  return {
    object: 'team',
    id: row.id,
    title: row.title,
    members: row.member_count,
    spaces: row.space_count,
    createdAt: row.created_at,
    permissions: teamPermissions(callerRole, row.caller_role),
  };
}
