import type { RequestContext } from '../../core/pipeline/context.js';
import { forbidden, notFound, type Failure } from '../../core/pipeline/failure.js';
import { findOrganization } from '../orgs/sql.js';
import { roleIn } from './rules.js';
import { findInstallation, insertEvent, insertInstallation, reactivateInstallation, type InstallationRow, type IntegrationRow } from './sql.js';

/**
 * Installs `integration` in an organization its administrators run (a private one in its owner
 * only) and records the `installation_setup` event its script runs on once this commits.
 * Installing again sets the same installation up again; the event's `previous` is how it was.
 */
export function install(ctx: RequestContext, integration: IntegrationRow, organizationId: string): InstallationRow | Failure {
  const organization = findOrganization(ctx.db, organizationId);
  if (!organization) return notFound('No matching organization found for given id');
  if (roleIn(ctx, organization.id) !== 'admin') return forbidden("Only the organization's administrators may install integrations");
  if (integration.visibility === 'private' && organization.id !== integration.owner_id) {
    return forbidden('A private integration installs only in the organization that publishes it');
  }
  const existing = findInstallation(ctx.db, integration.id, organization.id);
  const installation = existing
    ? reactivateInstallation(ctx.db, existing.id, ctx.now)
    : insertInstallation(ctx.db, integration.id, organization.id, ctx.now);
  const previous = existing
    ? { previous: { status: existing.status, configuration: JSON.parse(existing.configuration) as Record<string, unknown> } }
    : {};
  const setup = { type: 'installation_setup' as const, installationId: installation.id, status: installation.status, ...previous };
  ctx.integrations.enqueueAfterCommit(insertEvent(ctx.db, integration.id, setup, ctx.now));
  return installation;
}
