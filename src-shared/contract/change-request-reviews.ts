import { z } from 'zod';
import { EntityId, JSONDocument, JSONDocumentInput, ListQuery, QueryBoolean, Timestamp, User, listOf } from './common.js';
import { ChangeRequest, ChangeRequestParams } from './change-requests.js';
import { Comment, DocumentFormat } from './comments.js';
import { defineOperation } from './operation.js';

/** Reviews, requested reviewers, contributors and semantic changes of a change request, as 0.146.0 has them. */

export const ChangeRequestReviewStatus = z.enum(['changes-requested', 'approved']).meta({ id: 'ChangeRequestReviewStatus' });

export const ChangeRequestReview = z
  .object({
    object: z.literal('change-request-review'),
    id: z.string(),
    /** The change request's revision the review was made against. */
    revision: z.string(),
    reviewer: User,
    /** Who had asked the reviewer, when they had been asked. */
    requestedBy: User.optional(),
    status: ChangeRequestReviewStatus,
    /** The change request moved on since, or the reviewer reviewed it again. */
    outdated: z.boolean(),
    /** The review's comment, a thread of the change request's comments. */
    comment: Comment.optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    urls: z.object({ location: z.string() }),
  })
  .meta({ id: 'ChangeRequestReview' });

/** A team as a requested reviewer names it: 0.146.0's Team. */
export const RequestedTeam = z.object({ object: z.literal('team'), id: z.string() }).meta({ id: 'Team' });

const RequestedReviewerBase = z.object({
  object: z.literal('change-request-requested-reviewer'),
  /** The change request's revision when the request was made. */
  revision: z.string(),
  requestedBy: User,
  createdAt: Timestamp,
});

/** A user asked to review, or a team (any of whose members' review answers it). */
export const ChangeRequestRequestedReviewer = z
  .discriminatedUnion('kind', [
    RequestedReviewerBase.extend({ kind: z.literal('user'), user: User }),
    RequestedReviewerBase.extend({ kind: z.literal('team'), team: RequestedTeam }),
  ])
  .meta({ id: 'ChangeRequestRequestedReviewer' });

export const ChangeRequestUserContributor = z
  .object({
    updatedAt: Timestamp,
    count: z.number().int(),
    user: User,
    actionType: z.enum(['edit', 'comment']),
  })
  .meta({ id: 'ChangeRequestUserContributor' });

const ChangedRevisionPage = z
  .object({ id: z.string(), type: z.enum(['document', 'group', 'link']), title: z.string(), path: z.string().optional() })
  .meta({ id: 'ChangedRevisionPage' });
const ChangedRevisionFile = z
  .object({ id: z.string(), name: z.string(), contentType: z.string(), downloadURL: z.string() })
  .meta({ id: 'ChangedRevisionFile' });
const ChangeAttributeString = z.object({ before: z.string().optional(), after: z.string().optional() }).meta({ id: 'ChangeAttributeString' });
const ChangeAttributeNumber = z.object({ before: z.number().optional(), after: z.number().optional() }).meta({ id: 'ChangeAttributeNumber' });

export const RevisionSemanticChange = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('page_created'), page: ChangedRevisionPage }),
    z.object({
      type: z.literal('page_edited'),
      page: ChangedRevisionPage,
      /** `document`: before and after are the body's content hashes. */
      attributes: z.object({
        title: ChangeAttributeString.optional(),
        description: ChangeAttributeString.optional(),
        slug: ChangeAttributeString.optional(),
        emoji: ChangeAttributeString.optional(),
        document: ChangeAttributeString.optional(),
      }),
    }),
    z.object({ type: z.literal('page_deleted'), page: ChangedRevisionPage }),
    z.object({
      type: z.literal('page_moved'),
      page: ChangedRevisionPage,
      parent: z.object({ before: ChangedRevisionPage.optional(), after: ChangedRevisionPage.optional() }),
    }),
    z.object({ type: z.literal('file_created'), file: ChangedRevisionFile }),
    z.object({
      type: z.literal('file_edited'),
      file: ChangedRevisionFile,
      attributes: z.object({
        name: ChangeAttributeString.optional(),
        contentType: ChangeAttributeString.optional(),
        size: ChangeAttributeNumber.optional(),
        downloadURL: ChangeAttributeString.optional(),
      }),
    }),
    z.object({ type: z.literal('file_deleted'), file: ChangedRevisionFile }),
  ])
  .meta({ id: 'RevisionSemanticChange' });

export const RevisionSemanticChanges = z
  .object({
    /** The change request itself, once merged. */
    mergedFrom: ChangeRequest.optional(),
    changes: z.array(RevisionSemanticChange),
    /** How many changes were left out for the limit. */
    more: z.number().int().optional(),
  })
  .meta({ id: 'RevisionSemanticChanges' });

/** A page on one side of a change request's diff: its title, and its body when the diff shows it. */
const PageDiffSide = z.object({ title: z.string(), document: JSONDocument.optional() }).nullable();

/**
 * One page a change request changed, as its review shows it (Folio extension): the page at the
 * change request's base (`before`, null for a page it created) and in its head (`after`, null for a
 * page it deleted), each with its body when that changed.
 */
export const ChangeRequestPageDiff = z
  .object({
    page: ChangedRevisionPage,
    change: z.enum(['created', 'edited', 'deleted', 'moved']),
    before: PageDiffSide,
    after: PageDiffSide,
    /** Where a moved page was and is. */
    parent: z.object({ before: ChangedRevisionPage.optional(), after: ChangedRevisionPage.optional() }).optional(),
  })
  .meta({ id: 'ChangeRequestPageDiff' });

/** The most semantic changes one answer lists (`limit`). */
const MAX_CHANGES = 1000;

const ReviewParams = ChangeRequestParams.extend({ reviewId: EntityId });
const ReviewerParams = ChangeRequestParams.extend({ userId: EntityId });

export const changeRequestReviews = {
  getReviewsByChangeRequestId: defineOperation({
    id: 'getReviewsByChangeRequestId',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews',
    summary: "List a change request's reviews, newest first",
    params: ChangeRequestParams,
    query: ListQuery.extend({ format: DocumentFormat.optional(), outdated: QueryBoolean.optional() }),
    success: 200,
    response: listOf(ChangeRequestReview),
  }),
  submitChangeRequestReview: defineOperation({
    id: 'submitChangeRequestReview',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews',
    summary: 'Approve a change request or request changes, with an optional comment',
    params: ChangeRequestParams,
    body: z.object({ status: ChangeRequestReviewStatus, comment: JSONDocumentInput.optional() }),
    success: 201,
    response: ChangeRequestReview,
  }),
  getChangeRequestReviewById: defineOperation({
    id: 'getChangeRequestReviewById',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}',
    summary: 'Get a review of a change request',
    params: ReviewParams,
    query: z.object({ format: DocumentFormat.optional() }),
    success: 200,
    response: ChangeRequestReview,
  }),
  getRequestedReviewersByChangeRequestId: defineOperation({
    id: 'getRequestedReviewersByChangeRequestId',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers',
    summary: 'List the reviewers requested on a change request, in the order they were asked',
    params: ChangeRequestParams,
    query: ListQuery,
    success: 200,
    response: listOf(ChangeRequestRequestedReviewer),
  }),
  requestReviewersForChangeRequest: defineOperation({
    id: 'requestReviewersForChangeRequest',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers',
    summary: 'Ask users, or teams (a Folio extension of the body: `teams`), to review a change request, optionally updating its subject and description',
    params: ChangeRequestParams,
    body: z.object({
      users: z.array(EntityId).max(100),
      /** Teams of the space's organization to ask (Folio extension: 0.146.0 shows team requests but asks users only). */
      teams: z.array(EntityId).max(100).optional(),
      subject: z.string().max(100).optional(),
      description: JSONDocument.optional(),
    }),
    success: 200,
    response: z.object({ users: z.array(ChangeRequestRequestedReviewer) }),
  }),
  removeRequestedReviewerFromChangeRequest: defineOperation({
    id: 'removeRequestedReviewerFromChangeRequest',
    method: 'DELETE',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}',
    summary: "Withdraw a review request, a user's or (by the team's id in `userId`, a Folio extension) a team's: 205 when it was removed, 204 when there was none",
    params: ReviewerParams,
    success: 205,
  }),
  getContributorsByChangeRequestId: defineOperation({
    id: 'getContributorsByChangeRequestId',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/contributors',
    summary: 'List who edited and who commented on a change request, most recent first',
    params: ChangeRequestParams,
    query: ListQuery,
    success: 200,
    response: listOf(ChangeRequestUserContributor),
  }),
  getChangeRequestDiff: defineOperation({
    id: 'getChangeRequestDiff',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/diff',
    summary: "Every page a change request changed against its base, with both bodies, for its review (Folio extension)",
    extension: true,
    params: ChangeRequestParams,
    success: 200,
    response: z.object({ pages: z.array(ChangeRequestPageDiff) }),
  }),
  getChangeRequestChanges: defineOperation({
    id: 'getChangeRequestChanges',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes',
    summary: 'The semantic changes of a change request against its base (the main it started from or last pulled in)',
    params: ChangeRequestParams,
    query: z.object({ limit: z.coerce.number().int().min(0).max(MAX_CHANGES).default(10) }),
    success: 200,
    response: RevisionSemanticChanges,
  }),
};
