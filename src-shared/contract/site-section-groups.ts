import { z } from 'zod';
import { EntityId, ListQuery, listOf } from './common.js';
import { defineOperation } from './operation.js';
import { InSite, SiteIcon, movePosition } from './site-params.js';
import { SiteSection } from './site-sections.js';

export const SiteSectionGroupTitle = z.string().min(1).max(100).meta({ id: 'SiteSectionGroupTitle' });

export interface SiteSectionGroupShape {
  object: 'site-section-group';
  id: string;
  title: string;
  sectionGroup?: string;
  icon?: string;
  sections: z.infer<typeof SiteSection>[];
  children: (z.infer<typeof SiteSection> | SiteSectionGroupShape)[];
}

export const SiteSectionGroup: z.ZodType<SiteSectionGroupShape, SiteSectionGroupShape> = z
  .object({
    object: z.literal('site-section-group'),
    id: z.string(),
    title: z.string(),
    sectionGroup: z.string().optional(),
    icon: z.string().optional(),
    /** The sections directly in the group (the reference service keeps it beside `children`). */
    sections: z.array(SiteSection),
    get children() {
      return z.array(z.union([SiteSection, SiteSectionGroup]));
    },
  })
  .meta({ id: 'SiteSectionGroup' });

const SiteSectionGroupParams = InSite.extend({ siteSectionGroupId: EntityId });

/** A section or a group, as a group move names its neighbours. */
export const SiteSectionGroupPointer = z
  .object({ type: z.enum(['site-section', 'site-section-group']), id: z.string() })
  .meta({ id: 'SiteSectionGroupPointer' });

export const siteSectionGroups = {
  listSiteSectionGroups: defineOperation({
    id: 'listSiteSectionGroups',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups',
    summary: 'List the section groups of a site, in creation order',
    params: InSite,
    query: ListQuery,
    success: 200,
    response: listOf(SiteSectionGroup),
  }),
  addSectionGroupToSite: defineOperation({
    id: 'addSectionGroupToSite',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups',
    summary: 'Add a section group, at the root or in another group, gathering the given sections',
    params: InSite,
    body: z.object({
      title: SiteSectionGroupTitle,
      icon: SiteIcon.nullable().optional(),
      sections: z.array(z.string()).optional(),
      parent: z.string().optional(),
    }),
    success: 201,
    response: SiteSectionGroup,
  }),
  deleteSiteSectionGroupById: defineOperation({
    id: 'deleteSiteSectionGroupById',
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
    summary: 'Delete a section group; what it held moves up to its parent',
    params: SiteSectionGroupParams,
    success: 204,
  }),
  updateSiteSectionGroupById: defineOperation({
    id: 'updateSiteSectionGroupById',
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
    summary: 'Rename a section group or change its icon',
    params: SiteSectionGroupParams,
    body: z.object({ title: SiteSectionGroupTitle.optional(), icon: SiteIcon.nullable().optional() }),
    success: 200,
    response: SiteSectionGroup,
  }),
  addSectionToGroup: defineOperation({
    id: 'addSectionToGroup',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections',
    summary: 'Put a section at the end of a group',
    params: SiteSectionGroupParams,
    body: z.object({ sectionId: z.string() }),
    success: 201,
    response: SiteSectionGroup,
  }),
  removeSectionFromGroup: defineOperation({
    id: 'removeSectionFromGroup',
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}',
    summary: 'Take a section out of a group, to the end of the root of the site',
    params: SiteSectionGroupParams.extend({ siteSectionId: EntityId }),
    success: 204,
  }),
  moveSiteSectionGroup: defineOperation({
    id: 'moveSiteSectionGroup',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move',
    summary: 'Move a section group among its siblings (deprecated: use sortSiteStructure)',
    params: SiteSectionGroupParams,
    body: movePosition(SiteSectionGroupPointer),
    bodyOptional: true,
    success: 200,
    response: SiteSectionGroup,
    deprecated: true,
  }),
};
