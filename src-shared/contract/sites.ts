import { z } from 'zod';
import { ListQuery, QueryBoolean, Timestamp, listOf } from './common.js';
import { defineOperation } from './operation.js';
import {
  SiteAdaptiveJSONSchema, SiteAdaptiveSchema, SiteAdaptiveTemplateCondition,
} from './site-adaptive-schema.js';
import { InSite, ShareKeyQuery } from './site-params.js';
import { SiteSectionGroup } from './site-section-groups.js';
import { SiteSection } from './site-sections.js';
import { SiteSpace } from './site-spaces.js';
import { InOrganization } from './content-tree.js';

export const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const;
export const SiteType = z.enum(SITE_TYPES).meta({ id: 'SiteType' });
export const SiteVisibility = z.enum(['public', 'unlisted', 'share-link', 'visitor-auth']).meta({ id: 'SiteVisibility' });
export type SiteVisibility = z.infer<typeof SiteVisibility>;
export const SiteAgentsContext = z.enum(['excluded', 'included']).meta({ id: 'SiteAgentsContext' });
export const SiteTitle = z.string().min(2).max(128).meta({ id: 'SiteTitle' });
export const SiteBasename = z.string().min(1).max(100).meta({ id: 'SiteBasename' });
/** Lowercase, at least three dot-separated labels. */
export const SiteHostname = z
  .string()
  .max(512)
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/, 'must be a lowercase host name of at least three labels')
  .meta({ id: 'SiteHostname' });
/** A host followed by one or more path segments, e.g. example.com/docs. */
export const SiteProxyOrigin = z
  .string()
  .max(512)
  .regex(/^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/, 'must be a host followed by one or more path segments')
  .meta({ id: 'SiteProxyOrigin' });

export const SitePermissions = z.object({
  view: z.boolean(),
  access: z.boolean(),
  edit: z.boolean(),
  create: z.boolean(),
  admin: z.boolean(),
  installIntegration: z.boolean(),
  viewAdaptiveSchema: z.boolean(),
  editAdaptiveSchema: z.boolean(),
});

export const Site = z
  .object({
    object: z.literal('site'),
    id: z.string(),
    type: SiteType,
    appliedType: SiteType,
    title: z.string(),
    hostname: z.string().optional(),
    basename: z.string().optional(),
    proxy: z.object({ origin: z.string(), target: z.string() }).optional(),
    visibility: SiteVisibility,
    published: z.boolean(),
    siteSpaces: z.number().int(),
    createdAt: Timestamp,
    adaptiveContent: z.object({ enabled: z.boolean() }),
    agentsContext: SiteAgentsContext,
    features: z.array(z.object({ id: z.string(), plan: SiteType, frozen: z.boolean() })),
    permissions: SitePermissions,
    urls: z.object({ location: z.string(), app: z.string(), published: z.string().optional() }),
  })
  .meta({ id: 'Site' });

/** How visitors of a visitor-auth site prove who they are: tokens the site's own backend signs with this key. */
export const SitePublishingAuth = z
  .object({ object: z.literal('publishing-auth'), backend: z.literal('custom'), privateKey: z.string() })
  .meta({ id: 'SitePublishingAuth' });

export const SiteStructure = z
  .union([
    z.object({ type: z.literal('sections'), structure: z.array(z.union([SiteSection, SiteSectionGroup])) }),
    z.object({ type: z.literal('siteSpaces'), structure: z.array(SiteSpace) }),
  ])
  .meta({ id: 'SiteStructure' });

const ThemedColor = z.object({ light: z.string(), dark: z.string() }).meta({ id: 'CustomizationThemedColor' });
const Enabled = z.object({ enabled: z.boolean() });

/**
 * How a published site looks and behaves, in the terms of 0.146.0's `SiteCustomizationSettings`
 * (the documents do not show it). Folio keeps no per-site settings yet: every site answers what
 * its renderer does (docs/sites.md, "Customization").
 */
export const SiteCustomizationSettings = z
  .object({
    title: SiteTitle.optional(),
    styling: z.object({
      theme: z.enum(['clean', 'muted', 'bold', 'gradient']),
      primaryColor: ThemedColor,
      infoColor: ThemedColor,
      successColor: ThemedColor,
      warningColor: ThemedColor,
      dangerColor: ThemedColor,
      corners: z.enum(['straight', 'rounded', 'circular']),
      depth: z.enum(['subtle', 'flat']),
      links: z.enum(['default', 'accent']),
      font: z.string(),
      monospaceFont: z.string(),
      background: z.enum(['plain', 'match']),
      icons: z.enum(['regular', 'solid', 'duotone', 'light', 'thin']),
      sidebar: z.object({ background: z.enum(['default', 'filled']), list: z.enum(['default', 'pill', 'line']) }),
      search: z.enum(['prominent', 'subtle']),
    }),
    internationalization: z.object({ locale: z.enum(['en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru']) }),
    favicon: z.union([z.object({ emoji: z.string() }), z.strictObject({})]),
    header: z.object({ preset: z.enum(['default', 'bold', 'contrast', 'custom', 'none']), links: z.array(z.unknown()) }),
    footer: z.object({ groups: z.array(z.unknown()), copyright: z.string().max(300).optional() }),
    themes: z.object({ default: z.enum(['light', 'dark']), toggeable: z.boolean() }),
    pdf: Enabled,
    feedback: Enabled,
    ai: z.object({ mode: z.enum(['none', 'search', 'assistant']) }),
    advancedCustomization: Enabled,
    trademark: Enabled,
    externalLinks: z.object({ target: z.enum(['self', 'blank']) }),
    pagination: Enabled,
    pageActions: z.object({ externalAI: z.boolean(), markdown: z.boolean(), mcp: z.boolean() }),
    git: z.object({ showEditLink: z.boolean() }),
    privacyPolicy: z.object({ url: z.string().optional() }),
    socialPreview: z.object({ url: z.string().optional() }),
    insights: z.object({ trackingCookie: z.boolean() }),
  })
  .meta({ id: 'SiteCustomizationSettings' });
export type SiteCustomizationSettings = z.infer<typeof SiteCustomizationSettings>;

export const PublishedContentSite = z
  .object({
    object: z.literal('published-content-site'),
    site: Site,
    structure: SiteStructure,
    customizations: z.object({
      site: SiteCustomizationSettings,
      /** Per site space, where one differs from the site; none does yet. */
      siteSpaces: z.record(z.string(), SiteCustomizationSettings),
    }),
    scripts: z.array(z.object({ script: z.string(), cookies: z.boolean() })),
  })
  .meta({ id: 'PublishedContentSite' });

/** Any item of a site's structure, as the structure sort names it and its neighbours. */
export const SiteStructureItemPointer = z
  .object({ type: z.enum(['site-space', 'site-section', 'site-section-group', 'site-external-link']), id: z.string() })
  .meta({ id: 'SiteStructureItemPointer' });

export const sites = {
  listSites: defineOperation({
    id: 'listSites',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites',
    summary: 'List the sites of an organization, oldest first',
    params: InOrganization,
    query: ListQuery.extend({
      space: z.string().optional(),
      title: z.string().optional(),
      published: QueryBoolean.optional(),
    }),
    success: 200,
    response: listOf(Site),
  }),
  createSite: defineOperation({
    id: 'createSite',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites',
    summary: 'Create a site, unpublished, publishing the given spaces as its site spaces',
    params: InOrganization,
    body: z.object({
      type: SiteType.optional(),
      title: SiteTitle.optional(),
      visibility: SiteVisibility.optional(),
      spaces: z.array(z.string()).optional(),
    }),
    bodyOptional: true,
    success: 201,
    response: Site,
  }),
  getSiteById: defineOperation({
    id: 'getSiteById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}',
    summary: 'Get a site',
    params: InSite,
    success: 200,
    response: Site,
  }),
  deleteSiteById: defineOperation({
    id: 'deleteSiteById',
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/sites/{siteId}',
    summary: 'Delete a site with its structure (the spaces stay)',
    params: InSite,
    success: 204,
  }),
  updateSiteById: defineOperation({
    id: 'updateSiteById',
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/sites/{siteId}',
    summary: 'Change a site: title, visibility, basename, hostname, proxy, defaults, adaptive content',
    params: InSite,
    body: z.object({
      title: SiteTitle.optional(),
      visibility: SiteVisibility.optional(),
      basename: SiteBasename.optional(),
      hostname: SiteHostname.nullable().optional(),
      agentsContext: SiteAgentsContext.optional(),
      adaptiveContent: z.object({ enabled: z.boolean() }).optional(),
      defaultSiteSpace: z.string().optional(),
      defaultSiteSection: z.string().optional(),
      proxy: SiteProxyOrigin.nullable().optional(),
    }),
    success: 200,
    response: Site,
  }),
  getSiteAdaptiveSchema: defineOperation({
    id: 'getSiteAdaptiveSchema',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema',
    summary: 'Get the schema of the claims an adaptive site expects from its visitors',
    params: InSite,
    success: 200,
    response: SiteAdaptiveSchema,
  }),
  updateSiteAdaptiveSchema: defineOperation({
    id: 'updateSiteAdaptiveSchema',
    method: 'PUT',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema',
    summary: 'Set the schema of the visitor claims',
    params: InSite,
    body: z.object({ jsonSchema: SiteAdaptiveJSONSchema }),
    success: 200,
    response: SiteAdaptiveSchema,
  }),
  listSiteAdaptiveTemplateConditions: defineOperation({
    id: 'listSiteAdaptiveTemplateConditions',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions',
    summary: 'Conditions suggested by the claims of the adaptive schema, one per claim',
    params: InSite,
    success: 200,
    response: z.object({ items: z.array(SiteAdaptiveTemplateCondition) }),
  }),
  getPublishedContentSite: defineOperation({
    id: 'getPublishedContentSite',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/published',
    summary: 'The site and the structure a visitor without claims sees',
    params: InSite,
    query: ShareKeyQuery,
    success: 200,
    response: PublishedContentSite,
  }),
  getSitePublishingAuthById: defineOperation({
    id: 'getSitePublishingAuthById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth',
    summary: "The key that signs a visitor-auth site's visitor tokens (HS256)",
    params: InSite,
    success: 200,
    response: SitePublishingAuth,
  }),
  regenerateSitePublishingAuthById: defineOperation({
    id: 'regenerateSitePublishingAuthById',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate',
    summary: 'Replace the signing key: tokens signed with the old one stop opening the site',
    params: InSite,
    success: 200,
    response: SitePublishingAuth,
  }),
  publishSite: defineOperation({
    id: 'publishSite',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/publish',
    summary: 'Publish a site: its audience can reach it at urls.published',
    params: InSite,
    success: 200,
    response: Site,
  }),
  unpublishSite: defineOperation({
    id: 'unpublishSite',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/unpublish',
    summary: 'Take a site offline; its settings and structure stay',
    params: InSite,
    success: 200,
    response: Site,
  }),
  sortSiteStructure: defineOperation({
    id: 'sortSiteStructure',
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/structure/sort',
    summary: 'Move a site space, section or section group before or after a sibling, or to the end',
    params: InSite,
    body: z.object({
      item: SiteStructureItemPointer,
      position: z.object({ before: SiteStructureItemPointer.optional(), after: SiteStructureItemPointer.optional() }),
    }),
    success: 200,
    response: z.union([SiteSpace, SiteSection, SiteSectionGroup]),
  }),
};
