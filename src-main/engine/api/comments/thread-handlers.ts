import type { z } from 'zod';
import type { CommentBodyInput, CommentShapes, FormatQuery } from '../../../../src-shared/contract/comments.js';
import { newId } from '../../core/ids.js';
import { paginate } from '../../core/pagination.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { conflict, forbidden, isFailure, type Failure } from '../../core/pipeline/index.js';
import type { ContentCheck } from '../../domain/content-tree/access.js';
import { can } from '../../domain/spaces/rules.js';
import { storedMarkdown } from '../../domain/comments/body.js';
import { changeThreads, editBody, newReply, newThread, react, repliesOf, replyIndex, setResolved, type YPost } from '../../domain/comments/doc.js';
import type { CommentPlace, Locate, Trash } from '../../domain/comments/place.js';
import { postPermissions, requireComment, requireReply } from '../../domain/comments/rules.js';
import { toComment, toReply, type Viewer } from '../../domain/comments/serialize.js';
import { placeNewThread } from '../../domain/comments/target.js';
import { commentsOf, findComment, findReply, repliesOfComment, type CommentRow, type PostRow, type ReplyRow } from '../../domain/comments/sql.js';

type Out<K extends keyof typeof CommentShapes> = z.output<(typeof CommentShapes)[K]>;
type Format = z.output<typeof FormatQuery>;
type InComment = { commentId: string };
type InReply = InComment & { commentReplyId: string };

/**
 * The handlers of every comment operation, for the places `locate` finds: a space's own threads
 * or a change request's. Reads reach a space in the trash; changes do not.
 */
export function threadHandlers<P>(locate: Locate<P>) {
  function reachComment(ctx: RequestContext, params: P & InComment, allowed: ContentCheck, trash?: Trash) {
    const place = locate(ctx, params, allowed, trash);
    if (isFailure(place)) return place;
    const comment = requireComment(ctx, place, params.commentId);
    return isFailure(comment) ? comment : { place, comment };
  }

  function reachReply(ctx: RequestContext, params: P & InReply, allowed: ContentCheck, trash?: Trash) {
    const found = reachComment(ctx, params, allowed, trash);
    if (isFailure(found)) return found;
    const reply = requireReply(ctx, found.comment, params.commentReplyId);
    return isFailure(reply) ? reply : { ...found, reply };
  }

  return {
    list(ctx: RequestContext, { params, query }: { params: P; query: Out<'listQuery'> }) {
      const place = locate(ctx, params, can.view, 'readable');
      if (isFailure(place)) return place;
      const page = paginate<CommentRow>(ctx.db, commentsOf(place, query), query);
      if (isFailure(page)) return page;
      const viewer = { ctx, place, format: query.format };
      return { ...page, items: page.items.map((row) => toComment(viewer, row)) };
    },

    post(ctx: RequestContext, { params, body }: { params: P; body: Out<'postBody'> }) {
      const place = locate(ctx, params, can.comment);
      if (isFailure(place)) return place;
      if (!place.takesPosts) return closed();
      const markdown = storedMarkdown(body.body, ctx.readMarkdown);
      if (isFailure(markdown)) return markdown;
      const placement = placeNewThread(ctx, place, body);
      if (isFailure(placement)) return placement;
      const id = newId();
      const post = { id, body: markdown, author: ctx.actor.id, postedAt: ctx.now };
      changeThreads(ctx, place, id, (all) => all.set(id, newThread(post, placement)));
      return toComment({ ctx, place, format: undefined }, findComment(ctx.db, place, id)!);
    },

    get(ctx: RequestContext, { params, query }: { params: P & InComment; query: Format }) {
      const found = reachComment(ctx, params, can.view, 'readable');
      if (isFailure(found)) return found;
      return toComment({ ctx, place: found.place, format: query.format }, found.comment);
    },

    update(ctx: RequestContext, { params, body }: { params: P & InComment; body: Out<'updateBody'> }) {
      const found = reachComment(ctx, params, can.comment);
      if (isFailure(found)) return found;
      const { place, comment } = found;
      const markdown = editedMarkdown(ctx, place, comment, body.body, 'comment');
      if (isFailure(markdown)) return markdown;
      changeThread(ctx, place, comment.id, (thread) => {
        if (markdown !== undefined) editBody(thread, markdown, ctx.now);
        if (body.resolved !== undefined) setResolved(thread, body.resolved, ctx.actor.id, ctx.now);
        react(thread, ctx.actor.id, { added: body.addedReactions, removed: body.removedReactions }, ctx.now);
      });
      return toComment({ ctx, place, format: undefined }, findComment(ctx.db, place, comment.id)!);
    },

    // Folio answers 404 for a comment that does not exist, where the reference answers 204: a
    // client that deletes twice learns that the second call did nothing.
    remove(ctx: RequestContext, { params }: { params: P & InComment }) {
      const found = reachComment(ctx, params, can.view);
      if (isFailure(found)) return found;
      const { place, comment } = found;
      if (!postPermissions(ctx, place, comment).delete) return forbidden('Only its author or a space admin may delete a comment');
      changeThreads(ctx, place, comment.id, (all) => all.delete(comment.id));
      return undefined;
    },

    listReplies(ctx: RequestContext, { params, query }: { params: P & InComment; query: Out<'replyListQuery'> }) {
      const found = reachComment(ctx, params, can.view, 'readable');
      if (isFailure(found)) return found;
      const page = paginate<ReplyRow>(ctx.db, repliesOfComment(found.comment.id), query);
      if (isFailure(page)) return page;
      const viewer = { ctx, place: found.place, format: query.format };
      return { ...page, items: page.items.map((row) => toReply(viewer, row)) };
    },

    postReply(ctx: RequestContext, { params, query, body }: { params: P & InComment; query?: Format; body: Out<'replyBody'> }) {
      const found = reachComment(ctx, params, can.comment);
      if (isFailure(found)) return found;
      const { place, comment } = found;
      if (!place.takesPosts) return closed();
      const markdown = storedMarkdown(body.body, ctx.readMarkdown);
      if (isFailure(markdown)) return markdown;
      const id = newId();
      changeThread(ctx, place, comment.id, (thread) =>
        repliesOf(thread).push([newReply({ id, body: markdown, author: ctx.actor.id, postedAt: ctx.now })]),
      );
      return currentReply({ ctx, place, format: query?.format }, comment.id, id);
    },

    getReply(ctx: RequestContext, { params, query }: { params: P & InReply; query: Format }) {
      const found = reachReply(ctx, params, can.view, 'readable');
      if (isFailure(found)) return found;
      return toReply({ ctx, place: found.place, format: query.format }, found.reply);
    },

    /** `resolved`, which only a change request's replies take, resolves or reopens the reply's thread. */
    updateReply(ctx: RequestContext, { params, body }: { params: P & InReply; body: Out<'updateBody'> }) {
      const found = reachReply(ctx, params, can.comment);
      if (isFailure(found)) return found;
      const { place, comment, reply } = found;
      const markdown = editedMarkdown(ctx, place, reply, body.body, 'reply');
      if (isFailure(markdown)) return markdown;
      changeThread(ctx, place, comment.id, (thread) => {
        const post = repliesOf(thread).get(replyIndex(thread, reply.id));
        if (markdown !== undefined) editBody(post, markdown, ctx.now);
        if (body.resolved !== undefined) setResolved(thread, body.resolved, ctx.actor.id, ctx.now);
        react(post, ctx.actor.id, { added: body.addedReactions, removed: body.removedReactions }, ctx.now);
      });
      return currentReply({ ctx, place, format: undefined }, comment.id, reply.id);
    },

    removeReply(ctx: RequestContext, { params }: { params: P & InReply }) {
      const found = reachReply(ctx, params, can.view);
      if (isFailure(found)) return found;
      const { place, comment, reply } = found;
      if (!postPermissions(ctx, place, reply).delete) return forbidden('Only its author or a space admin may delete a reply');
      changeThread(ctx, place, comment.id, (thread) => repliesOf(thread).delete(replyIndex(thread, reply.id)));
      return undefined;
    },
  };
}

/** A merged change request keeps its threads readable and changeable, but takes no new posts. */
const closed = () => conflict('changeRequest: the change request is merged and takes no new comments or replies');

/** The Markdown of a new body (none if no body is given), which only the post's author may set. */
function editedMarkdown(
  ctx: RequestContext,
  place: CommentPlace,
  post: PostRow,
  input: z.output<typeof CommentBodyInput> | undefined,
  noun: 'comment' | 'reply',
): string | undefined | Failure {
  if (input === undefined) return undefined;
  const markdown = storedMarkdown(input, ctx.readMarkdown);
  if (isFailure(markdown)) return markdown;
  return postPermissions(ctx, place, post).edit ? markdown : forbidden(`Only its author may edit a ${noun}`);
}

/** Changes one thread in the doc (its projection follows). */
function changeThread(ctx: RequestContext, place: CommentPlace, threadId: string, change: (thread: YPost) => void): void {
  changeThreads(ctx, place, threadId, (all) => change(all.get(threadId)!));
}

function currentReply(viewer: Viewer, commentId: string, replyId: string) {
  return toReply(viewer, findReply(viewer.ctx.db, commentId, replyId)!);
}
