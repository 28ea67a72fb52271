import type { z } from 'zod';
import type {
  Integration, IntegrationEvent, IntegrationEventLog, IntegrationEventPayload, IntegrationInstallation,
} from '../../../../src-shared/contract/integrations.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { toOrganization } from '../orgs/serialize.js';
import { findOrganization } from '../orgs/sql.js';
import { imageDataUrl } from './images.js';
import { isOwnerAdmin, roleIn } from './rules.js';
import type { EventRow, InstallationRow, IntegrationRow } from './sql.js';

const parse = <T>(text: string) => JSON.parse(text) as T;

export const integrationPath = (name: string) => `/integrations/${name}`;
export const installationPath = (name: string, installationId: string) => `${integrationPath(name)}/installations/${installationId}`;

/**
 * Folio serves no public HTTP endpoint nor assets for an integration (its script runs on events
 * only), so those addresses are the integration's own (docs/integrations.md).
 */
function integrationUrls(ctx: RequestContext, integration: IntegrationRow): z.input<typeof Integration>['urls'] {
  const location = ctx.urls.api(integrationPath(integration.name));
  return {
    location,
    app: ctx.urls.app(integrationPath(integration.name)),
    assets: location,
    publicEndpoint: location,
    publicContentEndpoint: location,
    ...(integration.icon !== null ? { icon: imageDataUrl(integration.icon) } : {}),
  };
}

/** The published manifest without its script and secrets, which never leave the engine. */
export function toIntegration(ctx: RequestContext, integration: IntegrationRow): z.input<typeof Integration> {
  const owner = findOrganization(ctx.db, integration.owner_id)!;
  return {
    object: 'integration',
    name: integration.name,
    version: integration.version,
    title: integration.title,
    description: integration.description,
    ...(integration.summary !== null ? { summary: integration.summary } : {}),
    previewImages: parse<string[]>(integration.preview_images).map(imageDataUrl),
    target: integration.target,
    verified: false,
    visibility: integration.visibility,
    scopes: parse(integration.scopes),
    categories: parse(integration.categories),
    blocks: parse(integration.blocks),
    contentSources: parse(integration.content_sources),
    ...(integration.configurations !== null ? { configurations: parse(integration.configurations) } : {}),
    externalLinks: parse(integration.external_links),
    owner: toOrganization(ctx, owner, roleIn(ctx, owner.id)),
    urls: integrationUrls(ctx, integration),
    permissions: { admin: isOwnerAdmin(ctx, integration) },
    ...(integration.content_security_policy !== null ? { contentSecurityPolicy: parse(integration.content_security_policy) } : {}),
  };
}

export function installationUrls(ctx: RequestContext, integrationName: string, installationId: string) {
  const location = ctx.urls.api(installationPath(integrationName, installationId));
  return { location, publicEndpoint: location };
}

/** How many spaces an installation manages: every live space of its organization, when its integration goes on spaces. */
export function managedSpaceCount(ctx: RequestContext, integration: IntegrationRow, installation: InstallationRow): number {
  if (!['all', 'space'].includes(integration.target) || installation.space_selection !== 'all') return 0;
  return ctx.db.get<{ n: number }>(
    'SELECT count(*) AS n FROM spaces WHERE organization_id = ? AND deleted_at IS NULL', installation.organization_id,
  )!.n;
}

export function toInstallation(
  ctx: RequestContext,
  integration: IntegrationRow,
  installation: InstallationRow,
): z.input<typeof IntegrationInstallation> {
  const urls = installationUrls(ctx, integration.name, installation.id);
  return {
    id: installation.id,
    status: installation.status,
    space_selection: installation.space_selection,
    site_selection: installation.site_selection,
    spaces: managedSpaceCount(ctx, integration, installation),
    configuration: parse(installation.configuration),
    createdAt: installation.created_at,
    updatedAt: installation.updated_at,
    urls: { ...urls, app: ctx.urls.app(installationPath(integration.name, installation.id)), publicContentEndpoint: urls.location },
    externalIds: parse(installation.external_ids),
    target: { organization: installation.organization_id },
  };
}

export function toEvent(event: EventRow): z.input<typeof IntegrationEvent> {
  return {
    id: event.id,
    integrationId: event.integration_id,
    ...(event.installation_id !== null ? { installationId: event.installation_id } : {}),
    createdAt: event.created_at,
    payload: { ...parse<Omit<IntegrationEventPayload, 'eventId'>>(event.payload), eventId: event.id } as IntegrationEventPayload,
    status: event.status!,
  };
}

export function toTrace(event: EventRow): { logs: IntegrationEventLog[] } {
  return { logs: parse(event.logs) };
}
