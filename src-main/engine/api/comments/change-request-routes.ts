import type { changeRequestComments } from '../../../../src-shared/contract/change-request-comments.js';
import { paginate } from '../../core/pagination.js';
import { isFailure, type Handlers } from '../../core/pipeline/index.js';
import { memberSerializer } from '../../domain/members/serialize.js';
import type { MemberRow } from '../../domain/members/sql.js';
import { can } from '../../domain/spaces/rules.js';
import { commentersOf } from '../../domain/comments/commenters.js';
import { locateInChangeRequest } from '../../domain/comments/place.js';
import { threadHandlers } from './thread-handlers.js';

const inChangeRequest = threadHandlers(locateInChangeRequest);

/** A change request's comments: threads in `commentsDoc(spaceId, changeRequestBranch(id))`. */
export const changeRequestCommentsHandlers: Handlers<typeof changeRequestComments> = {
  listCommentsInChangeRequest: inChangeRequest.list,
  postCommentInChangeRequest: inChangeRequest.post,
  getCommentInChangeRequest: inChangeRequest.get,
  updateCommentInChangeRequest: inChangeRequest.update,
  deleteCommentInChangeRequest: inChangeRequest.remove,
  listCommentRepliesInChangeRequest: inChangeRequest.listReplies,
  postCommentReplyInChangeRequest: inChangeRequest.postReply,
  getCommentReplyInChangeRequest: inChangeRequest.getReply,
  updateCommentReplyInChangeRequest: inChangeRequest.updateReply,
  deleteCommentReplyInChangeRequest: inChangeRequest.removeReply,

  listCommentersInChangeRequest(ctx, { params, query }) {
    const place = locateInChangeRequest(ctx, params, can.view, 'readable');
    if (isFailure(place)) return place;
    const page = paginate<MemberRow>(ctx.db, commentersOf(place.organizationId, place.changeRequestId), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map(memberSerializer(ctx, place.organizationId)) };
  },
};
