import type { changeRequests } from '../../../../src-shared/contract/change-requests.js';
import { changeRequestContentDocs, mainContentDocs } from '../../content/merge/branch-docs.js';
import { pullChanges } from '../../content/merge/pull-changes.js';
import { newId } from '../../ids.js';
import type { RequestContext } from '../../pipeline/context.js';
import { conflict, isFailure, type Failure, type Handlers } from '../../pipeline/index.js';
import { branchDocPrefix, changeRequestBranch } from '../../revisions/doc-names.js';
import { cutRevision } from '../../revisions/revisions.js';
import { cutPendingEdits } from '../../yjs/live-edits.js';
import { updateRow } from '../content-tree/rows.js';
import { requireSpace } from '../spaces/rules.js';
import type { SpaceRow } from '../spaces/sql.js';
import { unmetMergeRule } from './merge-rules.js';
import { can, requireChangeRequest } from './rules.js';
import { addContributor, updateChangeRequest, type ChangeRequestRow } from './sql.js';

type MergeHandlers = Pick<Handlers<typeof changeRequests>, 'mergeChangeRequest' | 'updateChangeRequest'>;

/** Merge carries a change request into main; update pulls main into it. Each is one transaction, conflicts or not. */
export const mergeHandlers: MergeHandlers = {
  mergeChangeRequest(ctx, { params }) {
    const target = requireMergeable(ctx, params, 'merge');
    if (isFailure(target)) return target;
    const { space, changeRequest, mainHead } = target;
    const unmet = unmetMergeRule(ctx, space, changeRequest);
    if (unmet) return conflict(`mergeRules: ${unmet}`);
    const conflicts = pullChanges(ctx.docs, space.id, changeRequest.id, 'merge', ctx.projector);
    ctx.docs.freezeBranch(branchDocPrefix(space.id, changeRequestBranch(changeRequest.id)));
    const revision = newRevision(ctx, changeRequest, 'merge', [mainHead, changeRequest.revision], mainContentDocs(ctx.docs, space.id));
    updateRow(ctx.db, 'spaces', space.id, { revision, updated_at: ctx.now });
    updateChangeRequest(ctx.db, changeRequest.id, {
      status: 'merged',
      revision_merged: revision,
      merged_by: ctx.actor.id,
      merged_at: ctx.now,
      updated_at: ctx.now,
    });
    return { revision, result: conflicts.length > 0 ? 'conflicts' : 'merge' };
  },

  updateChangeRequest(ctx, { params }) {
    const target = requireMergeable(ctx, params, 'update');
    if (isFailure(target)) return target;
    const { space, changeRequest, mainHead } = target;
    const conflicts = pullChanges(ctx.docs, space.id, changeRequest.id, 'update', ctx.projector);
    const docIds = changeRequestContentDocs(ctx.docs, space.id, changeRequest.id);
    const revision = newRevision(ctx, changeRequest, 'update', [changeRequest.revision, mainHead], docIds);
    updateChangeRequest(ctx.db, changeRequest.id, { revision, revision_merged_ancestor: mainHead, updated_at: ctx.now });
    addContributor(ctx.db, changeRequest.id, ctx.actor.id);
    return { revision, result: conflicts.length > 0 ? 'conflicts' : 'update' };
  },
};

/** Cuts a revision a change request made, with the state of `docIds` as this transaction leaves them; answers its id. */
function newRevision(ctx: RequestContext, changeRequest: ChangeRequestRow, type: 'merge' | 'update', parents: string[], docIds: string[]): string {
  const id = newId();
  cutRevision(ctx.db, ctx.docs, { id, spaceId: changeRequest.space_id, parents, type, changeRequestId: changeRequest.id, docIds, now: ctx.now });
  return id;
}

const LOCKED = { merge: 'merges', update: 'updates of its change requests' };

/**
 * The space and change request of a merge or an update, once the caller may do it (404, 403)
 * and their state allows it (409): a locked space takes neither, and a merged or archived
 * change request is closed. Main's live edits not yet in a revision are cut into one first:
 * `mainHead` is main's revision the merge or update starts from.
 */
function requireMergeable(
  ctx: RequestContext,
  params: { spaceId: string; changeRequestId: string },
  action: 'merge' | 'update',
): { space: SpaceRow; changeRequest: ChangeRequestRow; mainHead: string } | Failure {
  const access = requireSpace(ctx, params.spaceId, action === 'merge' ? can.merge : can.update);
  if (isFailure(access)) return access;
  const changeRequest = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
  if (isFailure(changeRequest)) return changeRequest;
  if (access.row.edit_mode === 'locked') return conflict(`editMode: the space is locked and takes no ${LOCKED[action]}`);
  if (changeRequest.status === 'merged') return conflict('status: the change request is already merged');
  if (changeRequest.status === 'archived') return conflict('status: the change request is archived; reopen it first');
  const mainHead = cutPendingEdits(ctx.db, ctx.docs, access.row.id, ctx.now) ?? access.row.revision;
  return { space: access.row, changeRequest: { ...changeRequest, space_revision: mainHead }, mainHead };
}
