import type { z } from 'zod';
import type { DocumentFormat, comments } from '../../../../src-shared/contract/comments.js';
import type { OperationOutput } from '../../../../src-shared/contract/operation.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { findUser, toUser } from '../users/sql.js';
import { presentBody } from './body.js';
import { commentsPath, type CommentPlace } from './place.js';
import { postPermissions } from './rules.js';
import { currentTarget } from './target.js';
import { countReplies, reactionsOf, repliersOf, type CommentRow, type PostRow, type ReplyRow } from './sql.js';

type Comment = OperationOutput<typeof comments.getCommentInSpace>;
type CommentReply = OperationOutput<typeof comments.getCommentReplyInSpace>;
type Format = z.infer<typeof DocumentFormat> | undefined;

/** Who looks at the posts of a place, and in which format they want bodies. */
export interface Viewer {
  ctx: RequestContext;
  place: CommentPlace;
  format: Format;
}

const userById = (ctx: RequestContext, id: string) => toUser(ctx, findUser(ctx.db, id)!);

/** The fields a comment and a reply share. */
function posted(viewer: Viewer, row: PostRow, location: string) {
  const { ctx } = viewer;
  return {
    id: row.id,
    postedBy: userById(ctx, row.posted_by),
    postedAt: row.posted_at,
    ...(row.edited_at === null ? {} : { editedAt: row.edited_at }),
    reactions: reactions(ctx, row.id),
    body: presentBody(row.body, viewer.format),
    urls: { location: ctx.urls.api(location) },
    permissions: postPermissions(ctx, viewer.place, row),
  };
}

/** Reactions grouped by emoji, in the order each emoji was first used. */
function reactions(ctx: RequestContext, subjectId: string) {
  const byEmoji = new Map<string, { user: ReturnType<typeof userById>; reactedAt: string }[]>();
  for (const row of reactionsOf(ctx.db, subjectId)) {
    const users = byEmoji.get(row.emoji) ?? [];
    users.push({ user: userById(ctx, row.user_id), reactedAt: row.reacted_at });
    byEmoji.set(row.emoji, users);
  }
  return [...byEmoji].map(([emoji, users]) => ({ emoji, count: users.length, users }));
}

export function toComment(viewer: Viewer, row: CommentRow): Comment {
  const { ctx } = viewer;
  const base = {
    object: 'comment' as const,
    ...posted(viewer, row, `${commentsPath(row.space_id, row.change_request_id)}/${row.id}`),
    replies: countReplies(ctx.db, row.id),
    repliers: repliersOf(ctx.db, row.id).map((replier) => ({
      updatedAt: replier.updated_at,
      count: replier.count,
      user: userById(ctx, replier.posted_by),
    })),
    target: currentTarget(ctx, viewer.place, row),
  };
  if (row.status === 'open') return { ...base, status: 'open' };
  return { ...base, status: 'resolved', resolvedAt: row.resolved_at!, resolvedBy: userById(ctx, row.resolved_by!) };
}

export function toReply(viewer: Viewer, row: ReplyRow): CommentReply {
  const { place } = viewer;
  return {
    object: 'comment-reply',
    ...posted(viewer, row, `${commentsPath(place.spaceId, place.changeRequestId)}/${row.comment_id}/replies/${row.id}`),
  };
}
