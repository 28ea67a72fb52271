import { z } from 'zod';
import { EntityId, JSONDocument, JSONDocumentInput, ListOrder, MarkdownText, ListQuery, Timestamp, User, listOf } from './common.js';
import { defineOperation } from './operation.js';

/** A body as sent: Markdown, a `Document`, or nothing at all; exactly one of them (REFERENCE §4.2). */
export const CommentBodyInput = z
  .union([
    z.strictObject({ markdown: MarkdownText }),
    z.strictObject({ document: JSONDocumentInput }),
    z.strictObject({}),
  ])
  .meta({ id: 'Document' });

export const DocumentFormat = z.enum(['document', 'markdown']).meta({ id: 'DocumentFormat' });

const CommentBody = z.union([z.object({ markdown: z.string() }), z.object({ document: JSONDocument })]);

const Reactions = z
  .array(
    z.object({
      emoji: z.string(),
      count: z.number().int(),
      users: z.array(z.object({ user: User, reactedAt: Timestamp })),
    }),
  )
  .meta({ id: 'EmojiReactions' });

const TableCell = z.object({ record: z.string(), definition: z.string() }).meta({ id: 'TableCellTarget' });

const CommentPermissions = z.object({ view: z.boolean(), edit: z.boolean(), reply: z.boolean(), delete: z.boolean() });

const Posted = {
  id: z.string(),
  postedBy: User,
  postedAt: Timestamp,
  editedAt: Timestamp.optional(),
  reactions: Reactions,
  body: CommentBody,
  urls: z.object({ location: z.string() }),
  permissions: CommentPermissions,
};

const CommentStatus = z.discriminatedUnion('status', [
  z.object({ status: z.literal('resolved'), resolvedAt: Timestamp, resolvedBy: User }),
  z.object({ status: z.literal('open') }),
]);

export const Comment = z
  .object({
    object: z.literal('comment'),
    ...Posted,
    replies: z.number().int(),
    repliers: z.array(z.object({ updatedAt: Timestamp, count: z.number().int(), user: User })),
    target: z.object({
      space: z.string(),
      revision: z.string(),
      /** The change request whose threads hold the comment; absent for a space's own comments. */
      changeRequest: z.string().optional(),
      /** The review the comment came with (`ChangeRequestReview.comment`). */
      review: z.string().optional(),
      page: z.object({ id: z.string() }).optional(),
      node: z.object({ id: z.string() }).optional(),
      tableCell: TableCell.optional(),
      /**
       * Folio's: true when nothing remains of what the comment was posted on (its page, or its block
       * and every block after it); `node` then names the block as found at `revision`.
       */
      detached: z.boolean().optional(),
    }),
  })
  .and(CommentStatus)
  .meta({ id: 'Comment' });

export const CommentReply = z.object({ object: z.literal('comment-reply'), ...Posted }).meta({ id: 'CommentReply' });

const Reacting = {
  addedReactions: z.array(z.string()).optional(),
  removedReactions: z.array(z.string()).optional(),
};

const InSpace = z.object({ spaceId: EntityId });
const InComment = InSpace.extend({ commentId: EntityId });
const InReply = InComment.extend({ commentReplyId: EntityId });
export const FormatQuery = z.object({ format: DocumentFormat.optional() });

/** The shapes of the comment operations; change requests' comments reuse them (change-request-comments.ts). */
export const CommentShapes = {
  listQuery: ListQuery.extend({
    order: ListOrder,
    status: z.enum(['all', 'open', 'resolved']).default('all'),
    format: DocumentFormat.optional(),
    targetPage: z.string().optional(),
    authors: z.array(z.string()).optional(),
  }),
  postBody: z.object({
    body: CommentBodyInput,
    page: z.string().optional(),
    node: z.string().optional(),
    tableCell: TableCell.optional(),
  }),
  updateBody: z.object({ resolved: z.boolean().optional(), body: CommentBodyInput.optional(), ...Reacting }),
  replyListQuery: ListQuery.extend(FormatQuery.shape),
  replyBody: z.object({ body: CommentBodyInput }),
  updateReplyBody: z.object({ body: CommentBodyInput.optional(), ...Reacting }),
};

export const comments = {
  listCommentsInSpace: defineOperation({
    id: 'listCommentsInSpace',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/comments',
    summary: 'List the comments posted on a space',
    params: InSpace,
    query: CommentShapes.listQuery,
    success: 200,
    response: listOf(Comment),
  }),
  postCommentInSpace: defineOperation({
    id: 'postCommentInSpace',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/comments',
    summary: 'Post a comment on a space, a page or a block of a page',
    params: InSpace,
    body: CommentShapes.postBody,
    success: 200,
    response: Comment,
  }),
  getCommentInSpace: defineOperation({
    id: 'getCommentInSpace',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/comments/{commentId}',
    summary: 'Get a comment of a space',
    params: InComment,
    query: FormatQuery,
    success: 200,
    response: Comment,
  }),
  updateCommentInSpace: defineOperation({
    id: 'updateCommentInSpace',
    method: 'PUT',
    path: '/v1/spaces/{spaceId}/comments/{commentId}',
    summary: 'Resolve or reopen a comment, edit its body, or react to it',
    params: InComment,
    body: CommentShapes.updateBody,
    success: 200,
    response: Comment,
  }),
  deleteCommentInSpace: defineOperation({
    id: 'deleteCommentInSpace',
    method: 'DELETE',
    path: '/v1/spaces/{spaceId}/comments/{commentId}',
    summary: 'Delete a comment and its replies',
    params: InComment,
    success: 204,
  }),
  listCommentRepliesInSpace: defineOperation({
    id: 'listCommentRepliesInSpace',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/comments/{commentId}/replies',
    summary: 'List the replies to a comment, oldest first',
    params: InComment,
    query: CommentShapes.replyListQuery,
    success: 200,
    response: listOf(CommentReply),
  }),
  postCommentReplyInSpace: defineOperation({
    id: 'postCommentReplyInSpace',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/comments/{commentId}/replies',
    summary: 'Reply to a comment',
    params: InComment,
    body: CommentShapes.replyBody,
    success: 200,
    response: CommentReply,
  }),
  getCommentReplyInSpace: defineOperation({
    id: 'getCommentReplyInSpace',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}',
    summary: 'Get a reply to a comment',
    params: InReply,
    query: FormatQuery,
    success: 200,
    response: CommentReply,
  }),
  updateCommentReplyInSpace: defineOperation({
    id: 'updateCommentReplyInSpace',
    method: 'PUT',
    path: '/v1/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}',
    summary: 'Edit a reply or react to it',
    params: InReply,
    body: CommentShapes.updateReplyBody,
    success: 200,
    response: CommentReply,
  }),
  deleteCommentReplyInSpace: defineOperation({
    id: 'deleteCommentReplyInSpace',
    method: 'DELETE',
    path: '/v1/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}',
    summary: 'Delete a reply to a comment',
    params: InReply,
    success: 204,
  }),
};
