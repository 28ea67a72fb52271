import type { Role } from '../../../../src-shared/contract/common.js';
import type { ContentCheck } from '../content-tree/access.js';
import type { RequestContext } from '../../pipeline/context.js';
import { isFailure, notFound, type Failure } from '../../pipeline/failure.js';
import { can, requireSpace } from '../spaces/rules.js';
import type { SpaceRow } from '../spaces/sql.js';
import { findComment, findReply, type CommentRow, type PostRow, type ReplyRow } from './sql.js';

export interface CommentAccess {
  space: SpaceRow;
  role: Role | undefined;
  comment: CommentRow;
}

/** What the caller may do with a comment or a reply; the handlers check these same rules. */
export function postPermissions(ctx: RequestContext, role: Role | undefined, post: PostRow) {
  const own = post.posted_by === ctx.actor.id && can.comment(role);
  return { view: can.view(role), edit: own, reply: can.comment(role), delete: own || can.admin(role) };
}

/**
 * The space (checked with `allowed`: 404, then 403) and one of its comments (404). As with the
 * space itself, the comments of a space in the trash can be read, not changed.
 */
export function requireComment(
  ctx: RequestContext,
  spaceId: string,
  commentId: string,
  allowed: ContentCheck,
  trash: 'readable' | 'missing' = 'missing',
): CommentAccess | Failure {
  const access = requireSpace(ctx, spaceId, allowed, trash);
  if (isFailure(access)) return access;
  const comment = findComment(ctx.db, access.row.id, commentId);
  if (!comment) return notFound('No matching Comment found for given ID');
  return { space: access.row, role: access.role, comment };
}

export function requireReply(
  ctx: RequestContext,
  params: { spaceId: string; commentId: string; commentReplyId: string },
  allowed: ContentCheck,
  trash: 'readable' | 'missing' = 'missing',
): (CommentAccess & { reply: ReplyRow }) | Failure {
  const access = requireComment(ctx, params.spaceId, params.commentId, allowed, trash);
  if (isFailure(access)) return access;
  const reply = findReply(ctx.db, access.comment.id, params.commentReplyId);
  if (!reply) return notFound('No matching Comment reply found for given ID');
  return { ...access, reply };
}
