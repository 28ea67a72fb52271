import type { Role } from '../../../../src-shared/contract/common.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { isFailure, type Failure } from '../../core/pipeline/failure.js';
import { MAIN, changeRequestBranch, type Branch } from '../../../../src-shared/sync/doc-names.js';
import { requireChangeRequest } from '../change-requests/rules.js';
import type { ContentCheck } from '../content-tree/access.js';
import { requireSpace } from '../spaces/rules.js';

/**
 * Where a set of threads lives: a space's own comments, or one change request's. Every comment
 * operation works on a place; only how the place is found differs between the two areas.
 */
export interface CommentPlace {
  spaceId: string;
  organizationId: string;
  /** Null for the space's own comments. */
  changeRequestId: string | null;
  /** The caller's role on the space. */
  role: Role | undefined;
  /** The revision a new comment's target names: the space's, or the change request's. */
  revision: string;
  /** A merged change request keeps its threads but takes no new comments or replies. */
  takesPosts: boolean;
  /**
   * The content the threads' pages and blocks are found in: main for a space's own threads and
   * for a merged change request's (its content became main's), else the change request's.
   */
  content: Branch;
}

/** Reads may reach a space in the trash; changes may not (it is then missing). */
export type Trash = 'readable' | 'missing';

/** Finds the place named by a request's path (404), checking the caller's role with `allowed` (403). */
export type Locate<P> = (ctx: RequestContext, params: P, allowed: ContentCheck, trash?: Trash) => CommentPlace | Failure;

export const locateInSpace: Locate<{ spaceId: string }> = (ctx, params, allowed, trash = 'missing') => {
  const access = requireSpace(ctx, params.spaceId, allowed, trash);
  if (isFailure(access)) return access;
  const space = access.row;
  return {
    spaceId: space.id,
    organizationId: space.organization_id,
    changeRequestId: null,
    role: access.role,
    revision: space.revision,
    takesPosts: true,
    content: MAIN,
  };
};

export type ChangeRequestPlace = CommentPlace & { changeRequestId: string };

/** `changeRequestId` is the change request's id or its number in the space. */
export function locateInChangeRequest(
  ctx: RequestContext,
  params: { spaceId: string; changeRequestId: string },
  allowed: ContentCheck,
  trash?: Trash,
): ChangeRequestPlace | Failure {
  const space = locateInSpace(ctx, params, allowed, trash);
  if (isFailure(space)) return space;
  const changeRequest = requireChangeRequest(ctx, space.spaceId, params.changeRequestId);
  if (isFailure(changeRequest)) return changeRequest;
  return {
    ...space,
    changeRequestId: changeRequest.id,
    revision: changeRequest.revision,
    takesPosts: changeRequest.status !== 'merged',
    content: changeRequest.status === 'merged' ? MAIN : changeRequestBranch(changeRequest.id),
  };
}

export const branchOf = (place: Pick<CommentPlace, 'changeRequestId'>): Branch =>
  place.changeRequestId === null ? MAIN : changeRequestBranch(place.changeRequestId);

/** The API path of a place's comments, without `/v1`. */
export const commentsPath = (spaceId: string, changeRequestId: string | null) =>
  `/spaces/${spaceId}${changeRequestId === null ? '' : `/change-requests/${changeRequestId}`}/comments`;
