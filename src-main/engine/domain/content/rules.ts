import type { Role } from '../../../../src-shared/contract/common.js';
import { rowsBranch } from './projection-sql.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { conflict, isFailure, type Failure } from '../../core/pipeline/failure.js';
import { changeRequestBranch, MAIN, type Branch } from '../../../../src-shared/sync/doc-names.js';
import { can as changeRequestCan, requireChangeRequest } from '../change-requests/rules.js';
import type { ChangeRequestRow } from '../change-requests/sql.js';
import { can, requireSpace } from '../spaces/rules.js';
import type { SpaceRow } from '../spaces/sql.js';
import type { ContentPlace } from './serialize.js';

/** What a content operation works on: a space's branch, and the rows that answer its reads. */
export interface ContentTarget {
  space: SpaceRow;
  role: Role | undefined;
  branch: Branch;
  place: ContentPlace;
  /** The projection branch whose rows answer reads ('main' while a change request has none of its own). */
  rows: string;
  /** The revision the content is at. */
  revisionId: string;
  changeRequest?: ChangeRequestRow;
}

/** Reading a space's main content takes view on the space (a space in the trash stays readable). */
export function requireSpaceContent(ctx: RequestContext, spaceId: string): ContentTarget | Failure {
  const access = requireSpace(ctx, spaceId, can.view, 'readable');
  if (isFailure(access)) return access;
  const space = access.row;
  return { space, role: access.role, branch: MAIN, place: { spaceId: space.id }, rows: 'main', revisionId: space.revision };
}

/** Reading a change request's content takes view on its space. */
export function requireChangeRequestContent(ctx: RequestContext, params: { spaceId: string; changeRequestId: string }): ContentTarget | Failure {
  return changeRequestTarget(ctx, params, changeRequestCan.view, 'readable');
}

/**
 * Writing a change request's content takes edit on its space. A locked space takes no edits, and
 * a merged change request's content is final: both answer 409, the request being valid.
 */
export function requireWritableChangeRequest(ctx: RequestContext, params: { spaceId: string; changeRequestId: string }): ContentTarget | Failure {
  const target = changeRequestTarget(ctx, params, changeRequestCan.edit, 'missing');
  if (isFailure(target)) return target;
  if (target.space.edit_mode === 'locked') return conflict('editMode: the space is locked and its content cannot be changed');
  if (target.changeRequest!.status === 'merged') return conflict('status: the change request is merged and its content cannot be changed');
  return target;
}

function changeRequestTarget(
  ctx: RequestContext,
  params: { spaceId: string; changeRequestId: string },
  allowed: (role: Role | undefined) => boolean,
  trash: 'readable' | 'missing',
): ContentTarget | Failure {
  const access = requireSpace(ctx, params.spaceId, allowed, trash);
  if (isFailure(access)) return access;
  const row = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
  if (isFailure(row)) return row;
  const space = access.row;
  return {
    space,
    role: access.role,
    branch: changeRequestBranch(row.id),
    place: { spaceId: space.id, changeRequestId: row.id },
    rows: rowsBranch(ctx.db, space.id, row.id),
    revisionId: row.revision,
    changeRequest: row,
  };
}
