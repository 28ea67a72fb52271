import { z } from 'zod';
import { EntityId, ListQuery, listOf } from './common.js';
import { defineOperation } from './operation.js';
import { InSite, ShareKeyQuery, SiteCondition, SiteIcon, movePosition } from './site-params.js';
import { SiteSpace } from './site-spaces.js';

export const SiteSectionTitle = z.string().min(2).max(128).meta({ id: 'SiteSectionTitle' });
export const SiteSectionPath = z.string().min(1).max(100).meta({ id: 'SiteSectionPath' });
export const SiteSectionDescription = z.string().max(256).meta({ id: 'SiteSectionDescription' });

export const SiteSection = z
  .object({
    object: z.literal('site-section'),
    id: z.string(),
    title: z.string(),
    description: z.string().optional(),
    default: z.boolean(),
    path: z.string(),
    condition: SiteCondition.optional(),
    sectionGroup: z.string().optional(),
    siteSpaces: z.array(SiteSpace),
    urls: z.object({ published: z.string().optional() }),
    icon: z.string().optional(),
  })
  .meta({ id: 'SiteSection' });

const SiteSectionParams = InSite.extend({ siteSectionId: EntityId });

export const SiteSectionPointer = z
  .object({ type: z.literal('site-section'), siteSection: z.string() })
  .meta({ id: 'SiteSectionPointer' });

export const siteSections = {
  listSiteSections: defineOperation({
    id: 'listSiteSections',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/sections',
    summary: 'List the sections of a site, in creation order',
    params: InSite,
    query: ListQuery.extend(ShareKeyQuery.shape),
    success: 200,
    response: listOf(SiteSection),
  }),
  addSectionToSite: defineOperation({
    id: 'addSectionToSite',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/sections',
    summary: 'Add a section holding one space; the first section gathers the site spaces already at the root',
    params: InSite,
    body: z.object({
      spaceId: z.string(),
      title: SiteSectionTitle.nullable().optional(),
      icon: SiteIcon.nullable().optional(),
    }),
    success: 201,
    response: SiteSection,
  }),
  deleteSiteSectionById: defineOperation({
    id: 'deleteSiteSectionById',
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
    summary: 'Delete a section and its site spaces',
    params: SiteSectionParams,
    success: 204,
  }),
  updateSiteSectionById: defineOperation({
    id: 'updateSiteSectionById',
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
    summary: 'Change a section: title, path, default site space, condition, icon, description',
    params: SiteSectionParams,
    body: z.object({
      title: SiteSectionTitle.optional(),
      path: SiteSectionPath.optional(),
      defaultSiteSpace: z.string().optional(),
      condition: SiteCondition.nullable().optional(),
      icon: SiteIcon.nullable().optional(),
      description: SiteSectionDescription.nullable().optional(),
    }),
    success: 200,
    response: SiteSection,
  }),
  moveSiteSection: defineOperation({
    id: 'moveSiteSection',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move',
    summary: 'Move a section among its siblings (deprecated: use sortSiteStructure)',
    params: SiteSectionParams,
    body: movePosition(SiteSectionPointer),
    bodyOptional: true,
    success: 200,
    response: SiteSection,
    deprecated: true,
  }),
};
