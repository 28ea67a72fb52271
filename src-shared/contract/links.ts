import { z } from 'zod';
import { ChangeRequest } from './change-requests.js';
import { EntityId, ListQuery, listOf } from './common.js';
import { Revision, RevisionFile, RevisionPage } from './content.js';
import { defineOperation } from './operation.js';
import { Organization } from './orgs.js';
import { Space } from './spaces.js';

/**
 * Links found in page content and what they point at (docs/search.md, "Links"): a space's links,
 * a page's links, and the pages that use a file. Shapes of 0.146.0, where these operations live.
 */

export const LinkStatus = z.enum(['ok', 'broken', 'in-app']).meta({ id: 'ContentReferenceStatus' });
export type LinkStatus = z.infer<typeof LinkStatus>;

const VersionContext = z.discriminatedUnion('type', [
  z.object({ type: z.literal('revision'), revision: Revision }).meta({ id: 'ContentLocationRevisionContext' }),
  z.object({ type: z.literal('changeRequest'), changeRequest: ChangeRequest }).meta({ id: 'ContentLocationChangeRequestContext' }),
]);

const InContent = { organization: Organization, space: Space, versionContext: VersionContext.optional() };

const contentLocation = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('url'), url: z.string() }).meta({ id: 'ContentLocationURL' }),
    z
      .object({
        kind: z.literal('page'),
        ...InContent,
        page: RevisionPage,
        internalLocation: z.object({ type: z.literal('anchor'), anchor: z.string() }).optional(),
      })
      .meta({ id: 'ContentLocationPage' }),
    z.object({ kind: z.literal('file'), ...InContent, file: RevisionFile }).meta({ id: 'ContentLocationFile' }),
  ])
  .meta({ id: 'ContentLocation' });
type ContentLocationType = typeof contentLocation;
/** An interface, so that declarations name this schema where it is used rather than writing out its type (links.d.ts was 820 kB). */
export interface ContentLocationSchema extends ContentLocationType {}
export const ContentLocation: ContentLocationSchema = contentLocation;

export const ContentReferenceUsage = z
  .object({
    status: LinkStatus,
    relation: z.enum(['reference', 'dependsOn']),
    /** Left out when the target does not exist: there is nothing to describe. */
    targetReference: ContentLocation.optional(),
    locationReferences: z.array(ContentLocation),
  })
  .meta({ id: 'ContentReferenceUsage' });

export const LinksList = listOf(ContentReferenceUsage).extend({
  stats: z
    .object({
      total: z.number().int(),
      broken: z.object({ total: z.number().int(), changeRequest: z.number().int().optional() }),
    })
    .meta({ id: 'ContentReferencesStats' }),
});

const InSpace = z.object({ spaceId: EntityId });
const InChangeRequest = InSpace.extend({ changeRequestId: EntityId });
const StatusQuery = ListQuery.extend({ status: LinkStatus.optional() });
const get = { method: 'GET', success: 200 } as const;

export const links = {
  listSpaceLinks: defineOperation({
    ...get,
    id: 'listSpaceLinks',
    path: '/v1/spaces/{spaceId}/links',
    summary: "The links in a space's main content, one item per target, with their status and the pages holding them",
    params: InSpace,
    query: StatusQuery,
    response: LinksList,
  }),
  listPageLinksInSpace: defineOperation({
    ...get,
    id: 'listPageLinksInSpace',
    path: '/v1/spaces/{spaceId}/content/page/{pageId}/links',
    summary: "The links of one page of a space's main content",
    params: InSpace.extend({ pageId: EntityId }),
    query: StatusQuery,
    response: LinksList,
  }),
  listPageLinksInChangeRequest: defineOperation({
    ...get,
    id: 'listPageLinksInChangeRequest',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links',
    summary: "The links of one page of a change request's content",
    params: InChangeRequest.extend({ pageId: EntityId }),
    query: ListQuery,
    response: LinksList,
  }),
  listSpaceFileBacklinks: defineOperation({
    ...get,
    id: 'listSpaceFileBacklinks',
    path: '/v1/spaces/{spaceId}/content/files/{fileId}/backlinks',
    summary: "The pages of a space's main content that use a file",
    params: InSpace.extend({ fileId: EntityId }),
    query: ListQuery,
    response: listOf(ContentLocation),
  }),
  listChangeRequestFileBacklinks: defineOperation({
    ...get,
    id: 'listChangeRequestFileBacklinks',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks',
    summary: "The pages of a change request's content that use a file",
    params: InChangeRequest.extend({ fileId: EntityId }),
    query: ListQuery,
    response: listOf(ContentLocation),
  }),
};
