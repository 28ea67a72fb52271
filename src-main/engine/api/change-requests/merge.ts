import type { changeRequests } from '../../../../src-shared/contract/change-requests.js';
import { changeRequestContentDocs, mainContentDocs } from '../../content/merge/branch-docs.js';
import { isResolvable } from '../../content/merge/conflicts.js';
import { mergeBytes, mergeVersion, readMerge } from '../../content/merge/merge-plan.js';
import { applyPull, planPull, pullFromMain, type PullPlan } from '../../content/merge/pull-changes.js';
import { newId } from '../../ids.js';
import type { RequestContext } from '../../pipeline/context.js';
import { conflict, isFailure, LaterWrite, type Failure, type Handlers } from '../../pipeline/index.js';
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

/** How many times a merge is planned off the event loop before, main or the change request moving each time, it is planned inside its write. */
const PLANS_OFF_LOOP = 2;

/**
 * The bytes a merge reads up to which it is planned at once, inside the request's transaction: a
 * few milliseconds of work, less than a worker's round trip (docs/architecture.md, "Worker threads").
 */
export const PLAN_ON_LOOP_BYTES = 64 * 1024;

/**
 * Merge carries a change request into main; update pulls main into it. A merge that conflicts (our
 * rule finds a place both sides changed, or a conflict an update recorded is still open) changes
 * nothing and answers main's revision; an update keeps the change request's version of each
 * conflicting place and records the conflict for the writer to resolve. An update is one
 * transaction. A merge is planned off the event loop (docs/architecture.md, "Worker threads"): the
 * request's transaction reads the bytes of the docs it merges, a worker merges them, and a second
 * transaction writes the plan, all at once, only if none of those docs moved meanwhile; otherwise
 * it plans again, and at last plans inside that write itself. Either way the merge is atomic and
 * never writes a plan made from docs that have since changed.
 */
export const mergeHandlers: MergeHandlers = {
  mergeChangeRequest(ctx, { params }) {
    return mergeOffLoop(ctx, params, PLANS_OFF_LOOP);
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

type MergeParams = { spaceId: string; changeRequestId: string };
type MergeAnswer = { revision: string; result: 'merge' | 'conflicts' };

/** The checks of a merge, then its docs read for a worker to plan it, and the write of the plan once it is back. */
function mergeOffLoop(ctx: RequestContext, params: MergeParams, plansLeft: number): MergeAnswer | LaterWrite<MergeAnswer> | Failure {
  const checked = checkMerge(ctx, params);
  if (!('target' in checked)) return checked;
  const { space, changeRequest } = checked.target;
  const read = plansLeft > 0 ? readMerge(ctx.docs, space.id, changeRequest.id) : undefined;
  if (!read || mergeBytes(read.input) <= PLAN_ON_LOOP_BYTES) {
    const plan = planPull(ctx.docs, space.id, changeRequest.id, 'merge');
    return plan.conflicts.length > 0 ? checked.refused : writeMerge(ctx, checked.target, plan);
  }
  return new LaterWrite(async () => {
    // A worker that fails (a lost thread, the engine closing) leaves the merge to be planned on the event loop, as before.
    const planned = await ctx.workers.run('planMerge', read.input).catch(() => undefined);
    return (later: RequestContext) => {
      if (!planned) return mergeOffLoop(later, params, 0);
      const again = checkMerge(later, params);
      if (!('target' in again)) return again;
      if (mergeVersion(later.docs, again.target.space.id, again.target.changeRequest.id) !== read.version) return mergeOffLoop(later, params, plansLeft - 1);
      return planned.conflicts.length > 0 ? again.refused : writeMerge(later, again.target, planned);
    };
  });
}

/** What a merge checks before it looks at its docs: who may merge, the state of both, the merge rules, conflicts still open (then it is refused with main's revision). */
function checkMerge(ctx: RequestContext, params: MergeParams): { target: MergeTarget; refused: MergeAnswer } | MergeAnswer | Failure {
  const target = requireMergeable(ctx, params, 'merge');
  if (isFailure(target)) return target;
  const { space, changeRequest } = target;
  const unmet = unmetMergeRule(ctx.db, space, changeRequest, ctx.actor.id);
  if (unmet) return conflict(`mergeRules: ${unmet}`);
  const refused = { revision: space.revision, result: 'conflicts' as const };
  if (openConflictCount(ctx.db, changeRequest.id) > 0) return refused;
  return { target, refused };
}

/** Writes a merge that found no conflict, inside the caller's transaction: main's docs, its revision, the change request merged. */
function writeMerge(ctx: RequestContext, { space, changeRequest }: MergeTarget, plan: Pick<PullPlan, 'writes'>): MergeAnswer {
  const mainHead = cutPendingEdits(ctx.db, ctx.docs, space.id, ctx.now) ?? space.revision;
  applyPull(ctx.docs, { writes: plan.writes, movedBases: [] }, ctx.projector);
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
}

/** Cuts a revision a change request made, with the state of `docIds` as this transaction leaves them; answers its id. */
function newRevision(ctx: RequestContext, changeRequest: ChangeRequestRow, type: 'merge' | 'update', parents: string[], docIds: string[]): string {
  const id = newId();
  cutRevision(ctx.db, ctx.docs, { id, spaceId: changeRequest.space_id, parents, type, changeRequestId: changeRequest.id, docIds, now: ctx.now });
  return id;
}

interface MergeTarget {
  space: SpaceRow;
  changeRequest: ChangeRequestRow;
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
): MergeTarget | Failure {
  const access = requireSpace(ctx, params.spaceId, action === 'merge' ? can.merge : can.update);
  if (isFailure(access)) return access;
  const changeRequest = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
  if (isFailure(changeRequest)) return changeRequest;
  if (access.row.edit_mode === 'locked') return conflict(`editMode: the space is locked and takes no ${LOCKED[action]}`);
  if (changeRequest.status === 'merged') return conflict('status: the change request is already merged');
  if (changeRequest.status === 'archived') return conflict('status: the change request is archived; reopen it first');
  return { space: access.row, changeRequest };
}
