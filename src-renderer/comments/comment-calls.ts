import type { ApiClient } from '../../src-shared/client/client.js';
import type { ApiContract } from '../../src-shared/contract/index.js';
import type { OperationRequest } from '../../src-shared/contract/operation.js';
import { attempt, type Outcome } from '../api/call.js';
import type { CommentReply, SpaceComment } from '../api/types.js';

/** Where threads live: on a space, or on one of its change requests (the same shapes under another path). */
export interface CommentPlace {
  spaceId: string;
  changeRequestId?: string;
}

type Body<K extends keyof ApiContract> = NonNullable<OperationRequest<ApiContract[K]>['body']>;
type Query<K extends keyof ApiContract> = NonNullable<OperationRequest<ApiContract[K]>['query']>;

export interface CommentCalls {
  list(query: Query<'listCommentsInSpace'>): Promise<Outcome<{ items: SpaceComment[] }>>;
  post(body: Body<'postCommentInSpace'>): Promise<Outcome<SpaceComment>>;
  update(commentId: string, body: Body<'updateCommentInSpace'>): Promise<Outcome<SpaceComment>>;
  remove(commentId: string): Promise<Outcome<unknown>>;
  replies(commentId: string): Promise<Outcome<{ items: CommentReply[] }>>;
  reply(commentId: string, body: Body<'postCommentReplyInSpace'>): Promise<Outcome<CommentReply>>;
  updateReply(commentId: string, commentReplyId: string, body: Body<'updateCommentReplyInSpace'>): Promise<Outcome<CommentReply>>;
}

/** The comment operations for a place, so that one panel serves spaces and change requests alike. */
export function commentCalls(client: ApiClient, { spaceId, changeRequestId }: CommentPlace): CommentCalls {
  const markdown = { format: 'markdown' as const };
  if (changeRequestId === undefined) {
    const at = (commentId: string) => ({ spaceId, commentId });
    return {
      list: (query) => attempt(client, 'listCommentsInSpace', { params: { spaceId }, query }),
      post: (body) => attempt(client, 'postCommentInSpace', { params: { spaceId }, body }),
      update: (commentId, body) => attempt(client, 'updateCommentInSpace', { params: at(commentId), body }),
      remove: (commentId) => attempt(client, 'deleteCommentInSpace', { params: at(commentId) }),
      replies: (commentId) => attempt(client, 'listCommentRepliesInSpace', { params: at(commentId), query: markdown }),
      reply: (commentId, body) => attempt(client, 'postCommentReplyInSpace', { params: at(commentId), body }),
      updateReply: (commentId, commentReplyId, body) =>
        attempt(client, 'updateCommentReplyInSpace', { params: { ...at(commentId), commentReplyId }, body }),
    };
  }
  const place = { spaceId, changeRequestId };
  const at = (commentId: string) => ({ ...place, commentId });
  return {
    list: (query) => attempt(client, 'listCommentsInChangeRequest', { params: place, query }),
    post: (body) => attempt(client, 'postCommentInChangeRequest', { params: place, body }),
    update: (commentId, body) => attempt(client, 'updateCommentInChangeRequest', { params: at(commentId), body }),
    remove: (commentId) => attempt(client, 'deleteCommentInChangeRequest', { params: at(commentId) }),
    replies: (commentId) => attempt(client, 'listCommentRepliesInChangeRequest', { params: at(commentId), query: markdown }),
    reply: (commentId, body) => attempt(client, 'postCommentReplyInChangeRequest', { params: at(commentId), body }),
    updateReply: (commentId, commentReplyId, body) =>
      attempt(client, 'updateCommentReplyInChangeRequest', { params: { ...at(commentId), commentReplyId }, body }),
  };
}
