import { ChangeRequestParams } from './change-requests.js';
import { Comment, CommentReply, CommentShapes, FormatQuery } from './comments.js';
import { EntityId, ListQuery, listOf } from './common.js';
import { defineOperation } from './operation.js';
import { Member } from './members.js';

/**
 * Comments on a change request: the shapes of a space's comments (Part A), under the change
 * request, plus the replies' list and delete, `resolved` on a reply's PUT, and the commenters.
 */
const InComment = ChangeRequestParams.extend({ commentId: EntityId });
const InReply = InComment.extend({ commentReplyId: EntityId });
const base = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments';

export const changeRequestComments = {
  listCommentsInChangeRequest: defineOperation({
    id: 'listCommentsInChangeRequest',
    method: 'GET',
    path: base,
    summary: 'List the comments posted on a change request',
    params: ChangeRequestParams,
    query: CommentShapes.listQuery,
    success: 200,
    response: listOf(Comment),
  }),
  postCommentInChangeRequest: defineOperation({
    id: 'postCommentInChangeRequest',
    method: 'POST',
    path: base,
    summary: 'Post a comment on a change request, a page or a block of its content',
    params: ChangeRequestParams,
    body: CommentShapes.postBody,
    success: 200,
    response: Comment,
  }),
  getCommentInChangeRequest: defineOperation({
    id: 'getCommentInChangeRequest',
    method: 'GET',
    path: `${base}/{commentId}`,
    summary: 'Get a comment of a change request',
    params: InComment,
    query: FormatQuery,
    success: 200,
    response: Comment,
  }),
  updateCommentInChangeRequest: defineOperation({
    id: 'updateCommentInChangeRequest',
    method: 'PUT',
    path: `${base}/{commentId}`,
    summary: 'Resolve or reopen a comment of a change request, edit its body, or react to it',
    params: InComment,
    body: CommentShapes.updateBody,
    success: 200,
    response: Comment,
  }),
  deleteCommentInChangeRequest: defineOperation({
    id: 'deleteCommentInChangeRequest',
    method: 'DELETE',
    path: `${base}/{commentId}`,
    summary: 'Delete a comment of a change request and its replies',
    params: InComment,
    success: 204,
  }),
  listCommentRepliesInChangeRequest: defineOperation({
    id: 'listCommentRepliesInChangeRequest',
    method: 'GET',
    path: `${base}/{commentId}/replies`,
    summary: 'List the replies to a comment of a change request, oldest first',
    params: InComment,
    query: CommentShapes.replyListQuery,
    success: 200,
    response: listOf(CommentReply),
  }),
  postCommentReplyInChangeRequest: defineOperation({
    id: 'postCommentReplyInChangeRequest',
    method: 'POST',
    path: `${base}/{commentId}/replies`,
    summary: 'Reply to a comment of a change request',
    params: InComment,
    query: FormatQuery,
    body: CommentShapes.replyBody,
    success: 200,
    response: CommentReply,
  }),
  getCommentReplyInChangeRequest: defineOperation({
    id: 'getCommentReplyInChangeRequest',
    method: 'GET',
    path: `${base}/{commentId}/replies/{commentReplyId}`,
    summary: 'Get a reply to a comment of a change request',
    params: InReply,
    query: FormatQuery,
    success: 200,
    response: CommentReply,
  }),
  updateCommentReplyInChangeRequest: defineOperation({
    id: 'updateCommentReplyInChangeRequest',
    method: 'PUT',
    path: `${base}/{commentId}/replies/{commentReplyId}`,
    summary: "Edit a reply or react to it; `resolved` resolves or reopens the reply's thread",
    params: InReply,
    body: CommentShapes.updateBody,
    success: 200,
    response: CommentReply,
  }),
  deleteCommentReplyInChangeRequest: defineOperation({
    id: 'deleteCommentReplyInChangeRequest',
    method: 'DELETE',
    path: `${base}/{commentId}/replies/{commentReplyId}`,
    summary: 'Delete a reply to a comment of a change request',
    params: InReply,
    success: 204,
  }),
  listCommentersInChangeRequest: defineOperation({
    id: 'listCommentersInChangeRequest',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/commenters',
    summary: 'List the members who commented or replied on a change request, in the order they first did',
    params: ChangeRequestParams,
    query: ListQuery,
    success: 200,
    response: listOf(Member),
  }),
};
