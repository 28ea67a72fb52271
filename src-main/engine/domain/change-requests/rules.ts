import type { Role } from '../../../../src-shared/contract/common.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { notFound, type Failure } from '../../core/pipeline/failure.js';
import { can as spaceCan } from '../spaces/rules.js';
import { findChangeRequest, type ChangeRequestRow } from './sql.js';

/** What a role on the space allows on its change requests; the checks call these same predicates. */
export const can = {
  view: spaceCan.view,
  /** Creating one, and editing its subject and description. */
  edit: spaceCan.edit,
  /** Reviewers move any change request between draft, open and archived; editors only their own. */
  setStatus: (role: Role | undefined, isAuthor: boolean) => spaceCan.review(role) || (isAuthor && spaceCan.edit(role)),
  /** Merging into main is a reviewer's call, as `permissions.merge` says. */
  merge: spaceCan.review,
  /** Pulling main in changes only the change request's content. */
  update: spaceCan.edit,
};

/**
 * Main has moved on when the space's revision is no longer the last one this change request
 * saw of main: the one its last update pulled in, else its start. A merged change request is
 * never outdated: its changes are in main, and what main did since is no concern of its.
 */
export function isOutdated(row: ChangeRequestRow): boolean {
  if (row.status === 'merged') return false;
  return row.space_revision !== (row.revision_merged_ancestor ?? row.revision_initial);
}

/** The change request `idOrNumber` of a space the caller already reached, or a 404. */
export function requireChangeRequest(ctx: RequestContext, spaceId: string, idOrNumber: string): ChangeRequestRow | Failure {
  return findChangeRequest(ctx.db, spaceId, idOrNumber) ?? notFound('No matching change request found for given ID');
}
