import type { RequestContext } from '../../core/pipeline/context.js';
import { notFound, type Failure } from '../../core/pipeline/failure.js';
import { can } from '../spaces/rules.js';
import type { CommentPlace } from './place.js';
import { findComment, findReply, type CommentRow, type PostRow, type ReplyRow } from './sql.js';

/**
 * What the caller may do with a comment or a reply; the handlers check these same rules. Nobody
 * replies in a place that takes no posts (a merged change request).
 */
export function postPermissions(ctx: RequestContext, place: CommentPlace, post: PostRow) {
  const own = post.posted_by === ctx.actor.id && can.comment(place.role);
  return {
    view: can.view(place.role),
    edit: own,
    reply: can.comment(place.role) && place.takesPosts,
    delete: own || can.admin(place.role),
  };
}

/** One comment of the place, or a 404. */
export function requireComment(ctx: RequestContext, place: CommentPlace, commentId: string): CommentRow | Failure {
  return findComment(ctx.db, place, commentId) ?? notFound('No matching Comment found for given ID');
}

/** One reply of that comment, or a 404 (a reply of another thread too). */
export function requireReply(ctx: RequestContext, comment: CommentRow, replyId: string): ReplyRow | Failure {
  return findReply(ctx.db, comment.id, replyId) ?? notFound('No matching Comment reply found for given ID');
}
