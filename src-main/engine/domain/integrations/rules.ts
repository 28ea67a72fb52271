import type { Role } from '../../../../src-shared/contract/common.js';
import { roleAtLeast } from '../../../../src-shared/roles.js';
import { activeRole, findMembership } from '../access/membership.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { forbidden, isFailure, notFound, type Failure } from '../../core/pipeline/failure.js';
import { findIntegration, type IntegrationRow } from './sql.js';

/**
 * Who sees and changes an integration (docs/integrations.md, "Access"): public and unlisted ones
 * are read by anyone signed in, private ones by the owning organization's members; lists show
 * unlisted ones to those members only. The owner's administrators publish, delete and set
 * development mode; an organization's administrators install in it and see its installations
 * and their events.
 */
export const NO_INTEGRATION = 'No matching integration found for given name';

export function roleIn(ctx: RequestContext, organizationId: string): Role | null | undefined {
  return activeRole(findMembership(ctx.db, organizationId, ctx.actor.id));
}

const isMember = (ctx: RequestContext, organizationId: string) => roleAtLeast(roleIn(ctx, organizationId), 'read');

export function canSee(ctx: RequestContext, integration: IntegrationRow): boolean {
  return integration.visibility !== 'private' || isMember(ctx, integration.owner_id);
}

export function isListedFor(ctx: RequestContext, integration: IntegrationRow): boolean {
  return integration.visibility === 'public' || isMember(ctx, integration.owner_id);
}

export function isOwnerAdmin(ctx: RequestContext, integration: IntegrationRow): boolean {
  return roleIn(ctx, integration.owner_id) === 'admin';
}

/** The integration by name, when the caller may see it (404 otherwise: a private one stays unknown). */
export function requireIntegration(ctx: RequestContext, name: string): IntegrationRow | Failure {
  const integration = findIntegration(ctx.db, name);
  if (!integration || !canSee(ctx, integration)) return notFound(NO_INTEGRATION);
  return integration;
}

export function requireOwnerAdmin(ctx: RequestContext, name: string): IntegrationRow | Failure {
  const integration = requireIntegration(ctx, name);
  if (isFailure(integration)) return integration;
  return isOwnerAdmin(ctx, integration) ? integration : forbidden("Only the owning organization's administrators may change an integration");
}

/** The organizations the caller administers. */
export function administeredOrganizations(ctx: RequestContext): string[] {
  return ctx.db
    .all<{ organization_id: string }>(
      "SELECT organization_id FROM members WHERE user_id = ? AND role = 'admin' AND disabled = 0 ORDER BY organization_id",
      ctx.actor.id,
    )
    .map((row) => row.organization_id);
}

/** Whose installations (and their events) the caller sees: every one for the owner's administrators. */
export function visibleInstallationOrganizations(ctx: RequestContext, integration: IntegrationRow): string[] | undefined {
  return isOwnerAdmin(ctx, integration) ? undefined : administeredOrganizations(ctx);
}
