import type { comments } from '../../../../src-shared/contract/comments.js';
import { newId } from '../../ids.js';
import { paginate } from '../../pagination.js';
import type { RequestContext } from '../../pipeline/context.js';
import { forbidden, isFailure, type Handlers } from '../../pipeline/index.js';
import { can, requireSpace } from '../spaces/rules.js';
import { storedMarkdown } from './body.js';
import { changeThreads, editBody, newReply, newThread, react, repliesOf, replyIndex, setResolved, type YPost } from './doc.js';
import { postPermissions, requireComment, requireReply } from './rules.js';
import { toComment, toReply, type Viewer } from './serialize.js';
import { commentsOfSpace, findComment, findReply, projectThread, repliesOfComment, type CommentRow, type ReplyRow } from './sql.js';

export const commentsHandlers: Handlers<typeof comments> = {
  listCommentsInSpace(ctx, { params, query }) {
    const access = requireSpace(ctx, params.spaceId, can.view, 'readable');
    if (isFailure(access)) return access;
    const page = paginate<CommentRow>(ctx.db, commentsOfSpace(access.row.id, query), query);
    if (isFailure(page)) return page;
    const viewer = { ctx, role: access.role, format: query.format };
    return { ...page, items: page.items.map((row) => toComment(viewer, row)) };
  },

  postCommentInSpace(ctx, { params, body }) {
    const access = requireSpace(ctx, params.spaceId, can.comment);
    if (isFailure(access)) return access;
    const markdown = storedMarkdown(body.body);
    if (isFailure(markdown)) return markdown;
    const id = newId();
    const post = { id, body: markdown, author: ctx.actor.id, postedAt: ctx.now };
    const target = { page: body.page, node: body.node, tableCell: body.tableCell, revision: access.row.revision };
    const threads = changeThreads(ctx.docs, access.row.id, (all) => all.set(id, newThread(post, target)));
    projectThread(ctx.db, access.row.id, id, threads.get(id));
    return toComment({ ctx, role: access.role, format: undefined }, findComment(ctx.db, access.row.id, id)!);
  },

  getCommentInSpace(ctx, { params, query }) {
    const access = requireComment(ctx, params.spaceId, params.commentId, can.view, 'readable');
    if (isFailure(access)) return access;
    return toComment({ ctx, role: access.role, format: query.format }, access.comment);
  },

  updateCommentInSpace(ctx, { params, body }) {
    const access = requireComment(ctx, params.spaceId, params.commentId, can.comment);
    if (isFailure(access)) return access;
    const markdown = body.body === undefined ? undefined : storedMarkdown(body.body);
    if (isFailure(markdown)) return markdown;
    if (markdown !== undefined && !postPermissions(ctx, access.role, access.comment).edit) {
      return forbidden('Only its author may edit a comment');
    }
    changeThread(ctx, access.space.id, access.comment.id, (thread) => {
      if (markdown !== undefined) editBody(thread, markdown, ctx.now);
      if (body.resolved !== undefined) setResolved(thread, body.resolved, ctx.actor.id, ctx.now);
      react(thread, ctx.actor.id, { added: body.addedReactions, removed: body.removedReactions }, ctx.now);
    });
    return toComment({ ctx, role: access.role, format: undefined }, findComment(ctx.db, access.space.id, access.comment.id)!);
  },

  // Folio answers 404 for a comment that does not exist, where the reference answers 204: a
  // client that deletes twice learns that the second call did nothing.
  deleteCommentInSpace(ctx, { params }) {
    const access = requireComment(ctx, params.spaceId, params.commentId, can.view);
    if (isFailure(access)) return access;
    if (!postPermissions(ctx, access.role, access.comment).delete) return forbidden('Only its author or a space admin may delete a comment');
    const threads = changeThreads(ctx.docs, access.space.id, (all) => all.delete(access.comment.id));
    projectThread(ctx.db, access.space.id, access.comment.id, threads.get(access.comment.id));
    return undefined;
  },

  listCommentRepliesInSpace(ctx, { params, query }) {
    const access = requireComment(ctx, params.spaceId, params.commentId, can.view, 'readable');
    if (isFailure(access)) return access;
    const page = paginate<ReplyRow>(ctx.db, repliesOfComment(access.comment.id), query);
    if (isFailure(page)) return page;
    const viewer = { ctx, role: access.role, format: query.format };
    return { ...page, items: page.items.map((row) => toReply(viewer, access.space.id, row)) };
  },

  postCommentReplyInSpace(ctx, { params, body }) {
    const access = requireComment(ctx, params.spaceId, params.commentId, can.comment);
    if (isFailure(access)) return access;
    const markdown = storedMarkdown(body.body);
    if (isFailure(markdown)) return markdown;
    const id = newId();
    changeThread(ctx, access.space.id, access.comment.id, (thread) =>
      repliesOf(thread).push([newReply({ id, body: markdown, author: ctx.actor.id, postedAt: ctx.now })]),
    );
    return currentReply({ ctx, role: access.role, format: undefined }, access.space.id, access.comment.id, id);
  },

  getCommentReplyInSpace(ctx, { params, query }) {
    const access = requireReply(ctx, params, can.view, 'readable');
    if (isFailure(access)) return access;
    return toReply({ ctx, role: access.role, format: query.format }, access.space.id, access.reply);
  },

  updateCommentReplyInSpace(ctx, { params, body }) {
    const access = requireReply(ctx, params, can.comment);
    if (isFailure(access)) return access;
    const markdown = body.body === undefined ? undefined : storedMarkdown(body.body);
    if (isFailure(markdown)) return markdown;
    if (markdown !== undefined && !postPermissions(ctx, access.role, access.reply).edit) {
      return forbidden('Only its author may edit a reply');
    }
    const replyId = access.reply.id;
    changeThread(ctx, access.space.id, access.comment.id, (thread) => {
      const reply = repliesOf(thread).get(replyIndex(thread, replyId));
      if (markdown !== undefined) editBody(reply, markdown, ctx.now);
      react(reply, ctx.actor.id, { added: body.addedReactions, removed: body.removedReactions }, ctx.now);
    });
    return currentReply({ ctx, role: access.role, format: undefined }, access.space.id, access.comment.id, replyId);
  },

  deleteCommentReplyInSpace(ctx, { params }) {
    const access = requireReply(ctx, params, can.view);
    if (isFailure(access)) return access;
    if (!postPermissions(ctx, access.role, access.reply).delete) return forbidden('Only its author or a space admin may delete a reply');
    const replyId = access.reply.id;
    changeThread(ctx, access.space.id, access.comment.id, (thread) => repliesOf(thread).delete(replyIndex(thread, replyId)));
    return undefined;
  },
};

/** Changes one thread in the doc and rewrites its projection. */
function changeThread(ctx: RequestContext, spaceId: string, threadId: string, change: (thread: YPost) => void): void {
  const threads = changeThreads(ctx.docs, spaceId, (all) => change(all.get(threadId)!));
  projectThread(ctx.db, spaceId, threadId, threads.get(threadId));
}

function currentReply(viewer: Viewer, spaceId: string, commentId: string, replyId: string) {
  return toReply(viewer, spaceId, findReply(viewer.ctx.db, commentId, replyId)!);
}
