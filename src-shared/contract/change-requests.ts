import { z } from 'zod';
import { EntityId, JSONDocument, ListQuery, Timestamp, User, listOf } from './common.js';
import { InOrganization } from './content-tree.js';
import { defineOperation } from './operation.js';

export const ChangeRequestStatus = z.enum(['draft', 'open', 'archived', 'merged']).meta({ id: 'ChangeRequestStatus' });
export type ChangeRequestStatus = z.infer<typeof ChangeRequestStatus>;

/** Part B: at most 100 characters, at creation as on update (0.146.0 sets no limit at creation; the documents win). */
export const ChangeRequestSubject = z.string().max(100).meta({ id: 'ChangeRequestSubject' });

export const ChangeRequest = z
  .object({
    object: z.literal('change-request'),
    id: z.string(),
    /** Incremental in its space, from 1. */
    number: z.number().int(),
    status: ChangeRequestStatus,
    subject: ChangeRequestSubject,
    description: JSONDocument.optional(),
    createdBy: User,
    createdAt: Timestamp,
    updatedAt: Timestamp,
    space: z.string(),
    revision: z.string(),
    revisionInitial: z.string(),
    revisionMergedAncestor: z.string().optional(),
    revisionMerged: z.string().optional(),
    /** Who merged it and when: only once merged (the 0.202.0 description's fields). */
    mergedBy: User.optional(),
    mergedAt: Timestamp.optional(),
    comments: z.number().int(),
    outdated: z.boolean(),
    /** The issue cluster its subject or description names (docs/conversations.md). */
    conversationsIssuesCluster: z.string().optional(),
    urls: z.object({ app: z.string(), location: z.string() }),
  })
  .meta({ id: 'ChangeRequest' });

/** Filters both lists share: `contributor` matches who edited or commented, `requestedReviewer` who was asked to review. */
const ChangeRequestFilters = ListQuery.extend({
  creator: z.string().optional(),
  contributor: z.string().optional(),
  requestedReviewer: z.string().optional(),
  conversationsIssuesCluster: EntityId.optional(),
});

const SpaceParams = z.object({ spaceId: EntityId });
/** `changeRequestId` is the change request's id or its number in the space. */
export const ChangeRequestParams = SpaceParams.extend({ changeRequestId: EntityId });

/** `conflicts`: the changes were applied, but blocks or pages changed on both sides need a look (REFERENCE §2.2). */
const mergeResult = <const R extends string>(clean: R) =>
  z.object({
    /** The revision the merge or update made. */
    revision: z.string(),
    result: z.enum([clean, 'conflicts']),
  });

export const changeRequests = {
  listChangeRequestsForSpace: defineOperation({
    id: 'listChangeRequestsForSpace',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests',
    summary: "List a space's change requests of one status, newest first",
    params: SpaceParams,
    query: ChangeRequestFilters.extend({ status: ChangeRequestStatus.default('open') }),
    success: 200,
    response: listOf(ChangeRequest),
  }),
  createChangeRequest: defineOperation({
    id: 'createChangeRequest',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/change-requests',
    summary: "Open a change request on a space's current revision",
    params: SpaceParams,
    body: z.object({ subject: ChangeRequestSubject.optional() }),
    success: 201,
    response: ChangeRequest,
  }),
  getChangeRequestById: defineOperation({
    id: 'getChangeRequestById',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}',
    summary: 'Get a change request by its id or its number in the space',
    params: ChangeRequestParams,
    success: 200,
    response: ChangeRequest,
  }),
  updateChangeRequestById: defineOperation({
    id: 'updateChangeRequestById',
    method: 'PATCH',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}',
    summary: "Update a change request's subject, description or status (merging is its own operation)",
    params: ChangeRequestParams,
    body: z.object({
      subject: ChangeRequestSubject.optional(),
      description: JSONDocument.optional(),
      status: z.enum(['draft', 'open', 'archived']).optional(),
    }),
    success: 200,
    response: ChangeRequest,
  }),
  mergeChangeRequest: defineOperation({
    id: 'mergeChangeRequest',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge',
    summary: "Merge a change request into the space's main content, even with conflicts",
    params: ChangeRequestParams,
    success: 200,
    response: mergeResult('merge'),
  }),
  updateChangeRequest: defineOperation({
    id: 'updateChangeRequest',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/update',
    summary: "Pull the space's main content into the change request",
    params: ChangeRequestParams,
    success: 200,
    response: mergeResult('update'),
  }),
  listChangeRequestsForOrganization: defineOperation({
    id: 'listChangeRequestsForOrganization',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/change-requests',
    summary: 'List the change requests of every space of an organization the caller can view, newest first',
    params: InOrganization,
    query: ChangeRequestFilters,
    success: 200,
    response: listOf(ChangeRequest),
  }),
};
