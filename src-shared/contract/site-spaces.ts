import { z } from 'zod';
import { EntityId, ListQuery, QueryBoolean, listOf } from './common.js';
import { defineOperation } from './operation.js';
import { InSite, ShareKeyQuery, SiteCondition, movePosition } from './site-params.js';
import { Space } from './spaces.js';

export const SiteSpacePath = z.string().min(1).max(100).meta({ id: 'SiteSpacePath' });

export const SiteSpace = z
  .object({
    object: z.literal('site-space'),
    id: z.string(),
    path: SiteSpacePath,
    /** The section holding it; absent at the root of a site without sections. */
    section: z.string().optional(),
    space: Space,
    title: z.string(),
    default: z.boolean(),
    condition: SiteCondition.optional(),
    hasAdvancedCustomizationFeature: z.boolean(),
    hidden: z.boolean(),
    urls: z.object({ published: z.string().optional() }),
  })
  .meta({ id: 'SiteSpace' });

const SiteSpaceParams = InSite.extend({ siteSpaceId: EntityId });

export const SiteSpacePointer = z
  .object({ type: z.literal('site-space'), siteSpace: z.string() })
  .meta({ id: 'SiteSpacePointer' });

export const siteSpaces = {
  listSiteSpaces: defineOperation({
    id: 'listSiteSpaces',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces',
    summary: 'List the site spaces of a site, in creation order',
    params: InSite,
    query: ListQuery.extend(ShareKeyQuery.shape).extend({ default: QueryBoolean.optional() }),
    success: 200,
    response: listOf(SiteSpace),
  }),
  addSpaceToSite: defineOperation({
    id: 'addSpaceToSite',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces',
    summary: 'Publish a space in a site: in the given section, else the default section, else at the root',
    params: InSite,
    body: z.object({ spaceId: z.string(), sectionId: z.string().optional() }),
    success: 201,
    response: SiteSpace,
  }),
  deleteSiteSpaceById: defineOperation({
    id: 'deleteSiteSpaceById',
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
    summary: 'Remove a site space from its site',
    params: SiteSpaceParams,
    success: 204,
  }),
  updateSiteSpaceById: defineOperation({
    id: 'updateSiteSpaceById',
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
    summary: 'Change a site space: its path, condition, space, or whether navigation hides it',
    params: SiteSpaceParams,
    body: z.object({
      path: SiteSpacePath.optional(),
      condition: SiteCondition.nullable().optional(),
      spaceId: z.string().optional(),
      hidden: z.boolean().optional(),
    }),
    success: 200,
    response: SiteSpace,
  }),
  moveSiteSpace: defineOperation({
    id: 'moveSiteSpace',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move',
    summary: 'Move a site space among its siblings (deprecated: use sortSiteStructure)',
    params: SiteSpaceParams,
    body: movePosition(SiteSpacePointer),
    bodyOptional: true,
    success: 200,
    response: SiteSpace,
    deprecated: true,
  }),
};
