import type { comments } from '../../../../src-shared/contract/comments.js';
import type { Handlers } from '../../core/pipeline/index.js';
import { locateInSpace } from '../../domain/comments/place.js';
import { threadHandlers } from './thread-handlers.js';

const inSpace = threadHandlers(locateInSpace);

/** A space's own comments: threads in `commentsDoc(spaceId, MAIN)`. */
export const commentsHandlers: Handlers<typeof comments> = {
  listCommentsInSpace: inSpace.list,
  postCommentInSpace: inSpace.post,
  getCommentInSpace: inSpace.get,
  updateCommentInSpace: inSpace.update,
  deleteCommentInSpace: inSpace.remove,
  listCommentRepliesInSpace: inSpace.listReplies,
  postCommentReplyInSpace: inSpace.postReply,
  getCommentReplyInSpace: inSpace.getReply,
  updateCommentReplyInSpace: inSpace.updateReply,
  deleteCommentReplyInSpace: inSpace.removeReply,
};
