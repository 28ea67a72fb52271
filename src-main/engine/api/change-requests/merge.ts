import type { changeRequests } from '../../../../src-shared/contract/change-requests.js';
import { changeRequestContentDocs, mainContentDocs } from '../../content/merge/branch-docs.js';
import { isResolvable } from '../../content/merge/conflicts.js';
import { planPull, pullFromMain } from '../../content/merge/pull-changes.js';
import { newId } from '../../ids.js';
import type { RequestContext } from '../../pipeline/context.js';
import { conflict, isFailure, type Failure, type Handlers } from '../../pipeline/index.js';
import { branchDocPrefix, changeRequestBranch } from '../../../../src-shared/sync/doc-names.js';
import { cutRevision } from '../../revisions/revisions.js';
import { cutPendingEdits } from '../../yjs/live-edits.js';
import { updateRow } from '../content-tree/rows.js';
import { requireSpace } from '../spaces/rules.js';
import type { SpaceRow } from '../spaces/sql.js';
import { openConflictCount, recordConflicts } from '../change-request-conflicts/sql.js';
import { unmetMergeRule } from './merge-rules.js';
import type { Role } from '../../../../src-shared/contract/common.js';
import { can, requireChangeRequest } from './rules.js';
import { addContributor, updateChangeRequest, type ChangeRequestRow } from './sql.js';

type MergeHandlers = Pick<Handlers<typeof changeRequests>, 'mergeChangeRequest' | 'updateChangeRequest'>;

/**
 * Merge carries a change request into main; update pulls main into it. Each is one transaction.
 * A merge that conflicts (our rule finds a place both sides changed, or a conflict an update
 * recorded is still open) changes nothing and answers main's revision; an update keeps the change
 * request's version of each conflicting place and records the conflict for the writer to resolve.
 */
export const mergeHandlers: MergeHandlers = {
  mergeChangeRequest(ctx, { params }) {
    const target = requireMergeable(ctx, params, 'merge');
    if (isFailure(target)) return target;
    const { space, changeRequest } = target;
    const unmet = unmetMergeRule(ctx.db, space, changeRequest, ctx.actor.id);
    if (unmet) return conflict(`mergeRules: ${unmet}`);
    const refused = { revision: space.revision, result: 'conflicts' as const };
    if (openConflictCount(ctx.db, changeRequest.id) > 0) return refused;
    const plan = planPull(ctx.docs, space.id, changeRequest.id, 'merge', ctx.projector);
    if (plan.conflicts.length > 0) return refused;
    const mainHead = cutPendingEdits(ctx.db, ctx.docs, space.id, ctx.now) ?? space.revision;
    plan.apply();
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
    // A space linked to a repository exports each merge as a commit (docs/git-sync.md).
    ctx.gitSync.afterMerge(space.id, ctx.actor.id);
    return { revision, result: 'merge' as const };
  },

  updateChangeRequest(ctx, { params }) {
    const target = requireMergeable(ctx, params, 'update');
    if (isFailure(target)) return target;
    const { space, changeRequest } = target;
    const mainHead = cutPendingEdits(ctx.db, ctx.docs, space.id, ctx.now) ?? space.revision;
    const conflicts = pullFromMain(ctx.docs, space.id, changeRequest.id, ctx.projector).filter(isResolvable);
    const docIds = changeRequestContentDocs(ctx.docs, space.id, changeRequest.id);
    const revision = newRevision(ctx, changeRequest, 'update', [changeRequest.revision, mainHead], docIds);
    recordConflicts(ctx.db, changeRequest.id, conflicts, revision, ctx.now);
    updateChangeRequest(ctx.db, changeRequest.id, { revision, revision_merged_ancestor: mainHead, updated_at: ctx.now });
    addContributor(ctx.db, changeRequest.id, ctx.actor.id, ctx.now);
    return { revision, result: openConflictCount(ctx.db, changeRequest.id) > 0 ? ('conflicts' as const) : ('update' as const) };
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
 * Why a merge by the caller would be refused before looking at main (its role, the space's or the
 * change request's state, the merge rules, conflicts still open), or undefined: the checks the
 * merge itself makes, read for the app (`getChangeRequestMergeability`).
 */
export function mergeRefusal(ctx: RequestContext, space: SpaceRow, changeRequest: ChangeRequestRow, role: Role | undefined, openConflicts: number): string | undefined {
  if (!can.merge(role)) return 'your role does not allow merging';
  if (space.edit_mode === 'locked') return 'editMode: the space is locked and takes no merges';
  if (changeRequest.status === 'merged') return 'status: the change request is already merged';
  if (changeRequest.status === 'archived') return 'status: the change request is archived; reopen it first';
  // Conflicts first: they are what the writer has to do; the rules often wait for a review of the result.
  if (openConflicts > 0) return `conflicts: ${openConflicts} ${openConflicts === 1 ? 'conflict is' : 'conflicts are'} still open`;
  const unmet = unmetMergeRule(ctx.db, space, changeRequest, ctx.actor.id);
  return unmet ? `mergeRules: ${unmet}` : undefined;
}

/**
 * The space and change request of a merge or an update, once the caller may do it (404, 403)
 * and their state allows it (409): a locked space takes neither, and a merged or archived
 * change request is closed.
 */
function requireMergeable(
  ctx: RequestContext,
  params: { spaceId: string; changeRequestId: string },
  action: 'merge' | 'update',
): { space: SpaceRow; changeRequest: ChangeRequestRow } | Failure {
  const access = requireSpace(ctx, params.spaceId, action === 'merge' ? can.merge : can.update);
  if (isFailure(access)) return access;
  const changeRequest = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
  if (isFailure(changeRequest)) return changeRequest;
  if (access.row.edit_mode === 'locked') return conflict(`editMode: the space is locked and takes no ${LOCKED[action]}`);
  if (changeRequest.status === 'merged') return conflict('status: the change request is already merged');
  if (changeRequest.status === 'archived') return conflict('status: the change request is archived; reopen it first');
  return { space: access.row, changeRequest };
}
