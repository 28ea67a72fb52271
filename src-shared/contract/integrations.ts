import { z } from 'zod';
import { ListQuery, QueryBoolean, Timestamp, Url, listOf } from './common.js';
import { defineOperation } from './operation.js';
import { Organization } from './orgs.js';
import { Site } from './sites.js';
import { Space } from './spaces.js';

/** Integrations: published by an organization, installed in organizations, run on events (docs/integrations.md). */

export const INTEGRATION_NAME_PATTERN = /^[a-zA-Z0-9-_.]+$/;

export const IntegrationName = z
  .string()
  .min(1)
  .max(100)
  .regex(INTEGRATION_NAME_PATTERN, 'must contain only letters, digits, "-", "_" and "."')
  .meta({ id: 'IntegrationName' });

export const IntegrationTarget = z.enum(['all', 'site', 'space', 'organization']).meta({ id: 'IntegrationTarget' });
export type IntegrationTarget = z.infer<typeof IntegrationTarget>;

export const IntegrationVisibility = z.enum(['public', 'private', 'unlisted']).meta({ id: 'IntegrationVisibility' });
export type IntegrationVisibility = z.infer<typeof IntegrationVisibility>;

export const IntegrationScope = z
  .enum([
    'space:content:read', 'space:content:write', 'space:metadata:read', 'space:metadata:write', 'space:git:sync',
    'page:feedback:read', 'site:metadata:read', 'site:views:read', 'site:script:inject', 'site:script:cookies',
    'site:visitor:auth', 'site:visitor:claims', 'site:adaptive:read', 'site:adaptive:write', 'conversations:ingest',
    'openapi:read', 'openapi:write',
  ])
  .meta({ id: 'IntegrationScope' });

/** 0.202.0's categories, and 0.146.0's `gitsync`, which the installed client still sends. */
export const IntegrationCategory = z
  .enum(['analytics', 'collaboration', 'content', 'marketing', 'visitor-auth', 'other', 'gitsync'])
  .meta({ id: 'IntegrationCategory' });

export const IntegrationInstallationStatus = z.enum(['active', 'pending', 'paused']).meta({ id: 'IntegrationInstallationStatus' });
export type IntegrationInstallationStatus = z.infer<typeof IntegrationInstallationStatus>;

const Selection = z.enum(['all', 'selected']);

const Base64 = z.base64();

const IntegrationBlock = z
  .object({
    id: z.string().min(1),
    title: z.string().min(2).max(40),
    description: z.string().max(150).optional(),
    icon: z.string().optional(),
    urlUnfurl: z.array(z.string()).optional(),
    markdown: z.object({ codeblock: z.string(), body: z.string() }).optional(),
  })
  .meta({ id: 'IntegrationBlock' });
export type IntegrationBlock = z.infer<typeof IntegrationBlock>;

const IntegrationContentSource = z
  .object({
    id: z.string().min(1),
    title: z.string().min(2).max(40),
    description: z.string().max(150).optional(),
    icon: z.string().optional(),
    configuration: z.object({ componentId: z.string() }),
  })
  .meta({ id: 'IntegrationContentSource' });

const ConfigurationProperty = z.union([
  z.object({
    type: z.literal('string'),
    title: z.string().min(2).max(50).optional(),
    description: z.string().max(100).optional(),
    default: z.string().optional(),
    completion_url: z.string().optional(),
    enum: z.array(z.string()).optional(),
  }),
  z.object({
    type: z.enum(['number', 'boolean']),
    title: z.string().min(2).max(50).optional(),
    description: z.string().max(100).optional(),
    default: z.union([z.number(), z.boolean()]).optional(),
  }),
  z.object({
    type: z.literal('button'),
    title: z.string().min(2).max(50).optional(),
    description: z.string().max(100).optional(),
    callback_url: z.string(),
    button_text: z.string(),
  }),
]);

const IntegrationConfiguration = z
  .union([
    z.object({
      properties: z.record(z.string(), ConfigurationProperty),
      required: z.array(z.string()).refine((names) => new Set(names).size === names.length, 'must not repeat a name').optional(),
    }),
    z.object({ componentId: z.string() }),
  ])
  .meta({ id: 'IntegrationConfiguration' });

const IntegrationConfigurations = z
  .object({ account: IntegrationConfiguration.optional(), space: IntegrationConfiguration.optional(), site: IntegrationConfiguration.optional() })
  .meta({ id: 'IntegrationConfigurations' });

const IntegrationExternalLinks = z.array(z.object({ url: Url, label: z.string() })).max(5).meta({ id: 'IntegrationExternalLinks' });

/** A CSP header value, or its directives one by one; `connect-src` also names the hosts a script may fetch. */
export const IntegrationContentSecurityPolicy = z
  .union([z.string(), z.record(z.string().regex(/^[a-z-]+$/, 'must be a CSP directive name'), z.string())])
  .meta({ id: 'IntegrationContentSecurityPolicy' });

export const MAX_INTEGRATION_SECRETS = 20;

export const PublishIntegration = z
  .object({
    runtime: z.enum(['v1', 'v2']).default('v1'),
    icon: Base64.optional(),
    title: z.string().min(2).max(30),
    description: z.string().max(100),
    summary: z.string().max(2048).optional(),
    previewImages: z.array(Base64).max(3).optional(),
    visibility: IntegrationVisibility.default('public'),
    target: IntegrationTarget.default('all'),
    scopes: z.array(IntegrationScope),
    categories: z.array(IntegrationCategory).optional(),
    blocks: z.array(IntegrationBlock).optional(),
    contentSources: z.array(IntegrationContentSource).optional(),
    externalLinks: IntegrationExternalLinks.optional(),
    configurations: IntegrationConfigurations.optional(),
    script: z.string().max(5_000_000),
    organization: z.string().min(1),
    secrets: z
      .record(z.string(), z.string())
      .refine((secrets) => Object.keys(secrets).length <= MAX_INTEGRATION_SECRETS, `must have at most ${MAX_INTEGRATION_SECRETS} secrets`)
      .optional(),
    contentSecurityPolicy: IntegrationContentSecurityPolicy.optional(),
  })
  .meta({ id: 'PublishIntegration' });
export type PublishIntegration = z.infer<typeof PublishIntegration>;

export const Integration = z
  .object({
    object: z.literal('integration'),
    name: z.string(),
    version: z.number(),
    title: z.string(),
    description: z.string().optional(),
    summary: z.string().optional(),
    previewImages: z.array(z.string()),
    target: IntegrationTarget,
    verified: z.boolean(),
    visibility: IntegrationVisibility,
    scopes: z.array(IntegrationScope),
    categories: z.array(IntegrationCategory),
    blocks: z.array(IntegrationBlock).optional(),
    contentSources: z.array(IntegrationContentSource).optional(),
    configurations: IntegrationConfigurations.optional(),
    externalLinks: IntegrationExternalLinks,
    owner: Organization,
    urls: z.object({
      location: z.string(),
      icon: z.string().optional(),
      app: z.string(),
      assets: z.string(),
      publicEndpoint: z.string(),
      publicContentEndpoint: z.string(),
    }),
    permissions: z.object({ admin: z.boolean() }),
    contentSecurityPolicy: IntegrationContentSecurityPolicy.optional(),
  })
  .meta({ id: 'Integration' });

const InstallationUrls = z.object({ location: z.string(), app: z.string(), publicEndpoint: z.string(), publicContentEndpoint: z.string() });

export const IntegrationInstallation = z
  .object({
    id: z.string(),
    status: IntegrationInstallationStatus,
    space_selection: Selection,
    site_selection: Selection,
    spaces: z.number(),
    configuration: z.record(z.string(), z.unknown()),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    urls: InstallationUrls,
    externalIds: z.array(z.string()).max(5),
    target: z.object({ organization: z.string() }),
  })
  .meta({ id: 'IntegrationInstallation' });

/** Installing, or installing again. */
export const InstallationSetupEvent = z
  .object({
    eventId: z.string(),
    type: z.literal('installation_setup'),
    installationId: z.string(),
    status: IntegrationInstallationStatus,
    previous: z.object({ status: IntegrationInstallationStatus, configuration: z.record(z.string(), z.unknown()).optional() }).optional(),
  })
  .meta({ id: 'InstallationSetupEvent' });
export type InstallationSetupEvent = z.infer<typeof InstallationSetupEvent>;

/** A space's main content has a new revision (a merge, a live edit, sync). */
export const SpaceContentUpdatedEvent = z
  .object({
    eventId: z.string(),
    type: z.literal('space_content_updated'),
    installationId: z.string(),
    spaceId: z.string(),
    revisionId: z.string(),
  })
  .meta({ id: 'SpaceContentUpdatedEvent' });

/** The events Folio produces; the reference lists more kinds, which nothing here sets off (docs/integrations.md). */
export const IntegrationEventPayload = z.discriminatedUnion('type', [InstallationSetupEvent, SpaceContentUpdatedEvent]).meta({ id: 'Event' });
export type IntegrationEventPayload = z.infer<typeof IntegrationEventPayload>;

export const IntegrationEventStatus = z.enum(['success', 'failed']);
export type IntegrationEventStatus = z.infer<typeof IntegrationEventStatus>;

export const IntegrationEvent = z
  .object({
    id: z.string(),
    integrationId: z.string(),
    installationId: z.string().optional(),
    createdAt: Timestamp,
    payload: IntegrationEventPayload,
    status: IntegrationEventStatus,
  })
  .meta({ id: 'IntegrationEvent' });

export const IntegrationEventLogLevel = z.enum(['debug', 'info', 'warn', 'error']);
export type IntegrationEventLogLevel = z.infer<typeof IntegrationEventLogLevel>;

export const IntegrationEventLog = z
  .object({ message: z.string(), timestamp: Timestamp, level: IntegrationEventLogLevel })
  .meta({ id: 'IntegrationEventLog' });
export type IntegrationEventLog = z.infer<typeof IntegrationEventLog>;

const ContentInstallationBase = z.object({
  integration: z.string(),
  installation: z.string(),
  status: IntegrationInstallationStatus,
  configuration: z.record(z.string(), z.unknown()),
  externalIds: z.array(z.string()),
  urls: z.object({ location: z.string(), publicEndpoint: z.string() }),
});

export const IntegrationSpaceInstallation = ContentInstallationBase.extend({ space: z.union([z.string(), Space]) }).meta({
  id: 'IntegrationSpaceInstallation',
});
export const IntegrationSiteInstallation = ContentInstallationBase.extend({ site: z.union([z.string(), Site]) }).meta({
  id: 'IntegrationSiteInstallation',
});

const NameParams = z.object({ integrationName: IntegrationName });
const BASE = '/v1/integrations';
const ContentInstallationsQuery = ListQuery.extend({ externalId: z.string().optional(), extended: QueryBoolean.default(false) });

export const integrations = {
  listIntegrations: defineOperation({
    id: 'listIntegrations',
    method: 'GET',
    path: BASE,
    summary: 'List the integrations the caller can see, by name',
    query: ListQuery.extend({
      search: z.string().max(512).optional(),
      category: IntegrationCategory.optional(),
      blockDomain: z.string().max(100).regex(INTEGRATION_NAME_PATTERN, 'must be a domain name').optional(),
      blocks: QueryBoolean.optional(),
      contentSources: QueryBoolean.optional(),
      owner: z.string().optional(),
      scope: IntegrationScope.optional(),
      target: IntegrationTarget.optional(),
    }),
    success: 200,
    response: listOf(Integration),
  }),
  getIntegrationByName: defineOperation({
    id: 'getIntegrationByName',
    method: 'GET',
    path: `${BASE}/{integrationName}`,
    summary: 'Get an integration by its name',
    params: NameParams,
    success: 200,
    response: Integration,
  }),
  publishIntegration: defineOperation({
    id: 'publishIntegration',
    method: 'POST',
    path: `${BASE}/{integrationName}`,
    summary: 'Publish an integration, or a new version of it (its secrets are kept, never returned)',
    params: NameParams,
    body: PublishIntegration,
    // A script of up to 5 MB, escaped as JSON.
    maxBodyBytes: 16 * 1024 * 1024,
    success: 200,
    response: Integration,
  }),
  unpublishIntegration: defineOperation({
    id: 'unpublishIntegration',
    method: 'DELETE',
    path: `${BASE}/{integrationName}`,
    summary: 'Delete an integration with its installations and events (205; 204 when it did not exist)',
    params: NameParams,
    success: 204,
  }),
  listIntegrationInstallations: defineOperation({
    id: 'listIntegrationInstallations',
    method: 'GET',
    path: `${BASE}/{integrationName}/installations`,
    summary: "List an integration's installations the caller administers",
    params: NameParams,
    query: ListQuery.extend({ externalId: z.string().optional() }),
    success: 200,
    response: listOf(IntegrationInstallation),
  }),
  installIntegration: defineOperation({
    id: 'installIntegration',
    method: 'POST',
    path: `${BASE}/{integrationName}/installations`,
    summary: 'Install an integration in an organization; its script runs on the installation_setup event',
    params: NameParams,
    body: z.object({ organization: z.string().min(1) }),
    success: 201,
    response: IntegrationInstallation,
  }),
  listIntegrationEvents: defineOperation({
    id: 'listIntegrationEvents',
    method: 'GET',
    path: `${BASE}/{integrationName}/events`,
    summary: "List an integration's processed events, newest first",
    params: NameParams,
    query: ListQuery,
    success: 200,
    response: listOf(IntegrationEvent),
  }),
  getIntegrationEvent: defineOperation({
    id: 'getIntegrationEvent',
    method: 'GET',
    path: `${BASE}/{integrationName}/events/{eventId}`,
    summary: 'Get a processed event with the logs its script wrote',
    params: NameParams.extend({ eventId: z.string().min(1) }),
    success: 200,
    response: z.object({ event: IntegrationEvent, trace: z.object({ logs: z.array(IntegrationEventLog) }) }),
  }),
  listIntegrationSpaceInstallations: defineOperation({
    id: 'listIntegrationSpaceInstallations',
    method: 'GET',
    path: `${BASE}/{integrationName}/spaces`,
    summary: 'List the spaces an integration is installed on',
    params: NameParams,
    query: ContentInstallationsQuery,
    success: 200,
    response: listOf(IntegrationSpaceInstallation),
  }),
  listIntegrationSiteInstallations: defineOperation({
    id: 'listIntegrationSiteInstallations',
    method: 'GET',
    path: `${BASE}/{integrationName}/sites`,
    summary: 'List the sites an integration is installed on',
    params: NameParams,
    query: ContentInstallationsQuery,
    success: 200,
    response: listOf(IntegrationSiteInstallation),
  }),
  setIntegrationDevelopmentMode: defineOperation({
    id: 'setIntegrationDevelopmentMode',
    method: 'PUT',
    path: `${BASE}/{integrationName}/dev`,
    summary: "Send the integration's events to a development tunnel on this machine instead of running its script",
    params: NameParams,
    body: z.object({ tunnelUrl: z.string().min(1).max(256), all: z.boolean().default(false) }),
    success: 204,
  }),
  disableIntegrationDevelopmentMode: defineOperation({
    id: 'disableIntegrationDevelopmentMode',
    method: 'DELETE',
    path: `${BASE}/{integrationName}/dev`,
    summary: "Stop sending the integration's events to its development tunnel (205)",
    params: NameParams,
    success: 204,
  }),
};
