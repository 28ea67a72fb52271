import type { integrations } from '../../../../src-shared/contract/integrations.js';
import { tunnelProblem } from '../../services/integrations/tunnel.js';
import { paginate, paginateList } from '../../core/pagination.js';
import { badRequest, forbidden, isFailure, notFound, Reply, type Handlers } from '../../core/pipeline/index.js';
import { siteInstallations, spaceInstallations } from '../../domain/integrations/content-installations.js';
import { matchesFilters } from '../../domain/integrations/filters.js';
import { install } from '../../domain/integrations/install.js';
import { publish } from '../../domain/integrations/publish.js';
import {
  canSee, isListedFor, isOwnerAdmin, requireIntegration, requireOwnerAdmin, visibleInstallationOrganizations,
} from '../../domain/integrations/rules.js';
import { toEvent, toInstallation, toIntegration, toTrace } from '../../domain/integrations/serialize.js';
import {
  allIntegrations, deleteIntegration, eventsOf, findEvent, findIntegration, installationsOf, setDevelopmentTunnel, type EventRow,
} from '../../domain/integrations/sql.js';

export const integrationsHandlers: Handlers<typeof integrations> = {
  listIntegrations(ctx, { query }) {
    const { page, limit, ...filters } = query;
    const listed = allIntegrations(ctx.db).filter((row) => isListedFor(ctx, row) && matchesFilters(row, filters));
    const served = paginateList(listed, { of: (row) => [row.name], length: 1 }, { page, limit });
    if (isFailure(served)) return served;
    return { ...served, items: served.items.map((row) => toIntegration(ctx, row)) };
  },

  getIntegrationByName(ctx, { params }) {
    const integration = requireIntegration(ctx, params.integrationName);
    if (isFailure(integration)) return integration;
    return toIntegration(ctx, integration);
  },

  publishIntegration(ctx, { params, body }) {
    const published = publish(ctx, params.integrationName, body);
    if (isFailure(published)) return published;
    return toIntegration(ctx, published);
  },

  unpublishIntegration(ctx, { params }) {
    const integration = findIntegration(ctx.db, params.integrationName);
    if (!integration || !canSee(ctx, integration)) return undefined;
    if (!isOwnerAdmin(ctx, integration)) return forbidden("Only the owning organization's administrators may delete an integration");
    deleteIntegration(ctx.db, integration.id);
    return new Reply(205, undefined);
  },

  listIntegrationInstallations(ctx, { params, query }) {
    const integration = requireIntegration(ctx, params.integrationName);
    if (isFailure(integration)) return integration;
    const rows = installationsOf(ctx.db, integration.id, visibleInstallationOrganizations(ctx, integration), query.externalId);
    const served = paginateList(rows, { of: (row) => [row.created_at, row.id], length: 2 }, query);
    if (isFailure(served)) return served;
    return { ...served, items: served.items.map((row) => toInstallation(ctx, integration, row)) };
  },

  installIntegration(ctx, { params, body }) {
    const integration = requireIntegration(ctx, params.integrationName);
    if (isFailure(integration)) return integration;
    const installation = install(ctx, integration, body.organization);
    if (isFailure(installation)) return installation;
    return toInstallation(ctx, integration, installation);
  },

  listIntegrationEvents(ctx, { params, query }) {
    const integration = requireIntegration(ctx, params.integrationName);
    if (isFailure(integration)) return integration;
    const served = paginate<EventRow>(ctx.db, eventsOf(integration.id, visibleInstallationOrganizations(ctx, integration)), query);
    if (isFailure(served)) return served;
    return { ...served, items: served.items.map(toEvent) };
  },

  getIntegrationEvent(ctx, { params }) {
    const integration = requireIntegration(ctx, params.integrationName);
    if (isFailure(integration)) return integration;
    const event = findEvent(ctx.db, integration.id, params.eventId);
    const organizations = visibleInstallationOrganizations(ctx, integration);
    const visible = event && (organizations === undefined || organizations.includes(event.installation_organization ?? ''));
    if (!visible) return notFound('No matching integration event found');
    return { event: toEvent(event), trace: toTrace(event) };
  },

  listIntegrationSpaceInstallations(ctx, { params, query }) {
    const integration = requireIntegration(ctx, params.integrationName);
    if (isFailure(integration)) return integration;
    return spaceInstallations(ctx, integration, query);
  },

  listIntegrationSiteInstallations(ctx, { params, query }) {
    const integration = requireIntegration(ctx, params.integrationName);
    if (isFailure(integration)) return integration;
    return siteInstallations(ctx, integration, query);
  },

  setIntegrationDevelopmentMode(ctx, { params, body }) {
    const integration = requireOwnerAdmin(ctx, params.integrationName);
    if (isFailure(integration)) return integration;
    const problem = tunnelProblem(body.tunnelUrl);
    if (problem) return badRequest(`body.tunnelUrl: ${problem}`);
    setDevelopmentTunnel(ctx.db, integration.id, { url: body.tunnelUrl, all: body.all }, ctx.now);
    return undefined;
  },

  disableIntegrationDevelopmentMode(ctx, { params }) {
    const integration = requireOwnerAdmin(ctx, params.integrationName);
    if (isFailure(integration)) return integration;
    setDevelopmentTunnel(ctx.db, integration.id, null, ctx.now);
    return new Reply(205, undefined);
  },
};
