import type { Role } from '../../../../src-shared/contract/common.js';
import type { z } from 'zod';
import type { OrganizationPermissions } from '../../../../src-shared/contract/orgs.js';
import { roleAtLeast } from '../../../../src-shared/roles.js';
import { activeRole, findMembership, type Membership } from '../access/membership.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { forbidden, notFound, type Failure } from '../../core/pipeline/failure.js';
import { findOrganization, type OrganizationRow } from './sql.js';

/** What a role may do in an organization; the engine's checks call these same predicates. */
export const can = {
  view: (role: Role | null | undefined) => role !== undefined,
  listMembers: (role: Role | null | undefined) => roleAtLeast(role, 'read'),
  createContent: (role: Role | null | undefined) => roleAtLeast(role, 'create'),
  admin: (role: Role | null | undefined) => role === 'admin',
};

export function organizationPermissions(role: Role | null | undefined): z.infer<typeof OrganizationPermissions> {
  return {
    view: can.view(role),
    admin: can.admin(role),
    ownTeam: can.admin(role),
    createContent: can.createContent(role),
    createOpenAPISpec: can.createContent(role),
    ingestConversations: can.admin(role),
    viewBilling: can.admin(role),
    listMembers: can.listMembers(role),
    listTeams: can.listMembers(role),
    listIntegrations: can.listMembers(role),
    listInstallations: can.admin(role),
    installIntegration: can.admin(role),
  };
}

export interface OrganizationAccess {
  organization: OrganizationRow;
  membership: Membership | undefined;
  role: Role | null | undefined;
}

/** Loads an organization and checks the caller's role against `allowed` (404, then 403). */
export function requireOrganization(
  ctx: RequestContext,
  organizationId: string,
  allowed: (role: Role | null | undefined) => boolean,
): OrganizationAccess | Failure {
  const organization = findOrganization(ctx.db, organizationId);
  if (!organization) return notFound('No matching organization found for given id');
  const membership = findMembership(ctx.db, organizationId, ctx.actor.id);
  const role = activeRole(membership);
  if (!allowed(role)) return forbidden();
  return { organization, membership, role };
}
