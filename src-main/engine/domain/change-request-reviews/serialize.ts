import type { z } from 'zod';
import type {
  ChangeRequestRequestedReviewer, ChangeRequestReview, ChangeRequestUserContributor,
} from '../../../../src-shared/contract/change-request-reviews.js';
import type { DocumentFormat } from '../../../../src-shared/contract/comments.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import type { ChangeRequestPlace } from '../comments/place.js';
import { toComment } from '../comments/serialize.js';
import { findComment } from '../comments/sql.js';
import { findUser, toUser } from '../users/sql.js';
import type { ContributorRow, RequestedReviewerRow, ReviewRow } from './sql.js';

const userOf = (ctx: RequestContext, id: string) => {
  const user = findUser(ctx.db, id);
  // Rows name users by key; a user row always exists for them (it goes only with its rows).
  if (!user) throw new Error(`no user ${id}`);
  return toUser(ctx, user);
};

export function toReview(
  ctx: RequestContext,
  place: ChangeRequestPlace,
  row: ReviewRow,
  format: z.infer<typeof DocumentFormat> | undefined,
): z.input<typeof ChangeRequestReview> {
  const comment = row.comment_id === null ? undefined : findComment(ctx.db, place, row.comment_id);
  return {
    object: 'change-request-review',
    id: row.id,
    revision: row.revision,
    reviewer: userOf(ctx, row.reviewer_id),
    ...(row.requested_by === null ? {} : { requestedBy: userOf(ctx, row.requested_by) }),
    status: row.status,
    outdated: row.outdated === 1,
    ...(comment ? { comment: toComment({ ctx, place, format }, comment) } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    urls: { location: ctx.urls.api(`/spaces/${place.spaceId}/change-requests/${row.change_request_id}/reviews/${row.id}`) },
  };
}

export function toRequestedReviewer(ctx: RequestContext, row: RequestedReviewerRow): z.input<typeof ChangeRequestRequestedReviewer> {
  const request = {
    object: 'change-request-requested-reviewer' as const,
    revision: row.revision,
    requestedBy: userOf(ctx, row.requested_by),
    createdAt: row.created_at,
  };
  return row.kind === 'user' ? { ...request, kind: 'user', user: userOf(ctx, row.reviewer_id) } : { ...request, kind: 'team', team: { object: 'team', id: row.reviewer_id } };
}

export function toContributor(ctx: RequestContext, row: ContributorRow): z.input<typeof ChangeRequestUserContributor> {
  return { updatedAt: row.updated_at, count: row.count, user: userOf(ctx, row.user_id), actionType: row.action_type };
}
