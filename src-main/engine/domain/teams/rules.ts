import type { Role } from '../../../../src-shared/contract/common.js';
import type { TeamMemberRole } from '../../../../src-shared/contract/teams.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { forbidden, isFailure, notFound, type Failure } from '../../core/pipeline/failure.js';
import { can, requireOrganization, type OrganizationAccess } from '../orgs/rules.js';
import { findTeam, type TeamRow } from './sql.js';

type OrgRole = Role | null | undefined;
type TeamRole = TeamMemberRole | null | undefined;

/**
 * What a member may do with a team: every non-guest member sees the teams; admins and the
 * team's owners manage it. Guests see no team, so owning one gives them nothing.
 */
export const canTeam = {
  view: (role: OrgRole) => can.listMembers(role),
  manage: (role: OrgRole, teamRole: TeamRole) => can.admin(role) || (can.listMembers(role) && teamRole === 'owner'),
  create: (role: OrgRole) => can.admin(role),
};

export function teamPermissions(role: OrgRole, teamRole: TeamRole) {
  return { admin: canTeam.manage(role, teamRole), view: canTeam.view(role) };
}

/** Which teams a member can manage: every team, the ones they own, or none. */
export function manageableTeams(role: OrgRole): 'all' | 'owned' | 'none' {
  if (canTeam.manage(role, undefined)) return 'all';
  return canTeam.manage(role, 'owner') ? 'owned' : 'none';
}

export type TeamAccess = OrganizationAccess & { team: TeamRow };

/** Loads a team the caller can see and checks `need` on it (404, 403, 404, then 403). */
export function requireTeam(
  ctx: RequestContext,
  params: { organizationId: string; teamId: string },
  need: 'view' | 'manage',
): TeamAccess | Failure {
  const access = requireOrganization(ctx, params.organizationId, canTeam.view);
  if (isFailure(access)) return access;
  const team = findTeam(ctx.db, params.organizationId, params.teamId, ctx.actor.id);
  if (!team) return notFound('No matching team found for given id');
  if (need === 'manage' && !canTeam.manage(access.role, team.caller_role)) return forbidden();
  return { ...access, team };
}
