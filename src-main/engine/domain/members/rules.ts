import type { Role } from '../../../../src-shared/contract/common.js';
import type { Database } from '../../core/db/database.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { isFailure, notFound, type Failure } from '../../core/pipeline/failure.js';
import { can, requireOrganization, type OrganizationAccess } from '../orgs/rules.js';
import { countActiveAdmins, findMember, type MemberRow } from './sql.js';

type OrgRole = Role | null | undefined;

/** What a caller may do with a member; `self` is whether that member is the caller. */
export const canMember = {
  /** Non-guest members see everyone; any member sees themselves. */
  get: (role: OrgRole, self: boolean) => can.listMembers(role) || (self && can.view(role)),
  /** Admins remove anyone; any member may leave. */
  remove: (role: OrgRole, self: boolean) => can.admin(role) || (self && can.view(role)),
  /** What someone can access is for admins, and for that member themselves. */
  listSpaces: (role: OrgRole, self: boolean) => can.admin(role) || (self && can.view(role)),
};

/** Checks the caller against `allowed`, then loads the member (404, 403, then 404). */
export function requireMember(
  ctx: RequestContext,
  params: { organizationId: string; userId: string },
  allowed: (role: OrgRole, self: boolean) => boolean,
): (OrganizationAccess & { member: MemberRow }) | Failure {
  const self = params.userId === ctx.actor.id;
  const access = requireOrganization(ctx, params.organizationId, (role) => allowed(role, self));
  if (isFailure(access)) return access;
  const member = findMember(ctx.db, params.organizationId, params.userId);
  if (!member) return notFound('No matching member found for given id');
  return { ...access, member };
}

/** An organization keeps an active admin: its last one can neither leave nor be demoted. */
export function keepsAnAdmin(db: Database, member: MemberRow, nextRole: Role | null | 'removed'): boolean {
  const losesAdmin = member.role === 'admin' && member.disabled === 0 && nextRole !== 'admin';
  return !losesAdmin || countActiveAdmins(db, member.organization_id) > 1;
}
