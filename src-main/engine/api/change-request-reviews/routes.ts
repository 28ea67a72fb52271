import type { changeRequestReviews } from '../../../../src-shared/contract/change-request-reviews.js';
import { newId } from '../../core/ids.js';
import { paginate } from '../../core/pagination.js';
import { Reply, badRequest, conflict, forbidden, isFailure, notFound, type Handlers } from '../../core/pipeline/index.js';
import { requireChangeRequest } from '../../domain/change-requests/rules.js';
import { effectiveRules, requiresReviews } from '../../domain/change-requests/merge-rules.js';
import { addContributor, findChangeRequest, updateChangeRequest } from '../../domain/change-requests/sql.js';
import { storedMarkdown } from '../../domain/comments/body.js';
import { changeThreads, newThread } from '../../domain/comments/doc.js';
import { locateInChangeRequest } from '../../domain/comments/place.js';
import { created } from '../../domain/content-tree/create.js';
import { can, requireSpace } from '../../domain/spaces/rules.js';
import { findSpace } from '../../domain/spaces/sql.js';
import { pageDiffs, semanticChanges } from '../../domain/change-request-reviews/changes.js';
import { reviewerRefusal, teamRefusal } from '../../domain/change-request-reviews/reviewers.js';
import { toContributor, toRequestedReviewer, toReview } from '../../domain/change-request-reviews/serialize.js';
import {
  contributorsOf, findRequestedReviewer, findReview, insertReview, requestReviewer, requestedReviewersOf, requesterOf, reviewsOf, withdrawRequest,
  type ContributorRow, type RequestedReviewerRow, type ReviewRow,
} from '../../domain/change-request-reviews/sql.js';

export const changeRequestReviewsHandlers: Handlers<typeof changeRequestReviews> = {
  getReviewsByChangeRequestId(ctx, { params, query }) {
    const place = locateInChangeRequest(ctx, params, can.view, 'readable');
    if (isFailure(place)) return place;
    const page = paginate<ReviewRow>(ctx.db, reviewsOf(place.changeRequestId, query.outdated), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((row) => toReview(ctx, place, row, query.format)) };
  },

  /**
   * A review takes the review role on the space. The change request's author may not review it
   * while its merge rules ask for reviews (their review would be the one the rules wait for); a
   * merged change request takes none. A comment comes as a thread of the change request's comments.
   */
  submitChangeRequestReview(ctx, { params, body }) {
    const place = locateInChangeRequest(ctx, params, can.review);
    if (isFailure(place)) return place;
    const changeRequest = findChangeRequest(ctx.db, place.spaceId, place.changeRequestId)!;
    if (changeRequest.status === 'merged') return conflict('status: the change request is merged and takes no reviews');
    if (changeRequest.created_by === ctx.actor.id && requiresReviews(effectiveRules(ctx, findSpace(ctx.db, place.spaceId, ctx.now)!))) {
      return forbidden('mergeRules: the merge rules ask for reviews, and the author of a change request may not review it');
    }
    const id = newId();
    let commentId: string | null = null;
    if (body.comment) {
      const markdown = storedMarkdown({ document: body.comment }, ctx.readMarkdown);
      if (isFailure(markdown)) return badRequest(markdown.message.replace(/^body\.body/, 'body.comment'));
      commentId = newId();
      const post = { id: commentId, body: markdown, author: ctx.actor.id, postedAt: ctx.now };
      const target = { revision: changeRequest.revision, review: id };
      changeThreads(ctx, place, commentId, (threads) => threads.set(commentId!, newThread(post, { target })));
    }
    const requestedBy = requesterOf(ctx.db, changeRequest.id, ctx.actor.id);
    insertReview(ctx.db, { id, changeRequestId: changeRequest.id, reviewerId: ctx.actor.id, status: body.status, revision: changeRequest.revision, requestedBy, commentId, now: ctx.now });
    return created(toReview(ctx, place, findReview(ctx.db, changeRequest.id, id)!, undefined));
  },

  getChangeRequestReviewById(ctx, { params, query }) {
    const place = locateInChangeRequest(ctx, params, can.view, 'readable');
    if (isFailure(place)) return place;
    const row = findReview(ctx.db, place.changeRequestId, params.reviewId);
    return row ? toReview(ctx, place, row, query.format) : notFound('No matching review found');
  },

  getRequestedReviewersByChangeRequestId(ctx, { params, query }) {
    const place = locateInChangeRequest(ctx, params, can.view, 'readable');
    if (isFailure(place)) return place;
    const page = paginate<RequestedReviewerRow>(ctx.db, requestedReviewersOf(place.changeRequestId), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((row) => toRequestedReviewer(ctx, row)) };
  },

  /**
   * Asking for reviews takes the edit role, as editing the change request does. Each user must be
   * able to review the space and not be the author (400 naming `body.users.N`), each team one of
   * the space's organization (`body.teams.N`); one already asked keeps the first request. The
   * answer's `users` holds the users' requests, then the teams'. The subject and description,
   * when given, are updated as PATCH does.
   */
  requestReviewersForChangeRequest(ctx, { params, body }) {
    const access = requireSpace(ctx, params.spaceId, can.edit);
    if (isFailure(access)) return access;
    const changeRequest = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
    if (isFailure(changeRequest)) return changeRequest;
    if (changeRequest.status === 'merged') return conflict('status: the change request is merged and takes no review requests');
    for (const [index, userId] of body.users.entries()) {
      const refusal = reviewerRefusal(ctx.db, access.row, changeRequest, userId);
      if (refusal) return badRequest(`body.users.${index}: ${refusal}`);
    }
    const teams = [...new Set(body.teams ?? [])];
    for (const [index, teamId] of (body.teams ?? []).entries()) {
      const refusal = teamRefusal(ctx.db, access.row, teamId);
      if (refusal) return badRequest(`body.teams.${index}: ${refusal}`);
    }
    const columns: Record<string, unknown> = {};
    if (body.subject !== undefined) columns.subject = body.subject;
    if (body.description !== undefined) columns.description = JSON.stringify(body.description);
    if (Object.keys(columns).length > 0) {
      updateChangeRequest(ctx.db, changeRequest.id, { ...columns, updated_at: ctx.now });
      addContributor(ctx.db, changeRequest.id, ctx.actor.id, ctx.now);
    }
    const revision = findChangeRequest(ctx.db, access.row.id, changeRequest.id)!.revision;
    const asked = [...[...new Set(body.users)].map((id) => ({ kind: 'user' as const, id })), ...teams.map((id) => ({ kind: 'team' as const, id }))];
    for (const { kind, id } of asked) {
      requestReviewer(ctx.db, { change_request_id: changeRequest.id, kind, reviewer_id: id, requested_by: ctx.actor.id, revision, created_at: ctx.now });
    }
    const users = asked.map(({ kind, id }) => toRequestedReviewer(ctx, findRequestedReviewer(ctx.db, changeRequest.id, kind, id)!));
    return { users };
  },

  removeRequestedReviewerFromChangeRequest(ctx, { params }) {
    const access = requireSpace(ctx, params.spaceId, can.edit);
    if (isFailure(access)) return access;
    const changeRequest = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
    if (isFailure(changeRequest)) return changeRequest;
    return new Reply(withdrawRequest(ctx.db, changeRequest.id, params.userId) ? 205 : 204, undefined);
  },

  getContributorsByChangeRequestId(ctx, { params, query }) {
    const place = locateInChangeRequest(ctx, params, can.view, 'readable');
    if (isFailure(place)) return place;
    const page = paginate<ContributorRow>(ctx.db, contributorsOf(place.changeRequestId), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((row) => toContributor(ctx, row)) };
  },

  getChangeRequestDiff(ctx, { params }) {
    const access = requireSpace(ctx, params.spaceId, can.view, 'readable');
    if (isFailure(access)) return access;
    const changeRequest = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
    if (isFailure(changeRequest)) return changeRequest;
    return ctx.reviewDiffs.answer(ctx.db, { spaceId: access.row.id, id: changeRequest.id, merged: changeRequest.status === 'merged' }, () => pageDiffs(ctx, changeRequest));
  },

  getChangeRequestChanges(ctx, { params, query }) {
    const access = requireSpace(ctx, params.spaceId, can.view, 'readable');
    if (isFailure(access)) return access;
    const changeRequest = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
    if (isFailure(changeRequest)) return changeRequest;
    return semanticChanges(ctx, changeRequest, query.limit);
  },
};
