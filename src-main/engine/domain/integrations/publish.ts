import type { PublishIntegration } from '../../../../src-shared/contract/integrations.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { conflict, forbidden, notFound, type Failure } from '../../core/pipeline/failure.js';
import { findOrganization, findOrganizationByHostname } from '../orgs/sql.js';
import { roleIn } from './rules.js';
import { findIntegration, insertIntegration, republishIntegration, type IntegrationRow } from './sql.js';

/**
 * Publishes `name` for the organization the body names, by id or by hostname (the reference's
 * subdomain): its administrators publish. A name is the integration's for good: publishing it
 * again is a new version by the same organization; another organization gets a 409.
 */
export function publish(ctx: RequestContext, name: string, body: PublishIntegration): IntegrationRow | Failure {
  const organization = findOrganization(ctx.db, body.organization) ?? findOrganizationByHostname(ctx.db, body.organization);
  if (!organization) return notFound('Organization could not be found for the given hostname');
  if (roleIn(ctx, organization.id) !== 'admin') return forbidden("Only the organization's administrators may publish integrations");
  const existing = findIntegration(ctx.db, name);
  if (existing && existing.owner_id !== organization.id) return conflict(`integrationName: "${name}" is published by another organization`);
  if (existing) republishIntegration(ctx.db, existing.id, body, ctx.now);
  else insertIntegration(ctx.db, name, organization.id, body, ctx.now);
  return findIntegration(ctx.db, name)!;
}
