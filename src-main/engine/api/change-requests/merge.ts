import type { changeRequests } from '../../../../src-shared/contract/change-requests.js';
import { changeRequestContentDocs, mainContentDocs } from '../../domain/content/merge/branch-docs.js';
import { isResolvable } from '../../domain/content/merge/conflicts.js';
import { pullBytes, pullVersion, readPull } from '../../domain/content/merge/merge-plan.js';
import { applyPull, planPull, type Direction, type PullPlan } from '../../domain/content/merge/pull-changes.js';
import { newId } from '../../core/ids.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { conflict, isFailure, LaterWrite, type Failure, type Handlers } from '../../core/pipeline/index.js';
import { branchDocPrefix, changeRequestBranch } from '../../../../src-shared/sync/doc-names.js';
import { cutRevision } from '../../domain/revisions/revisions.js';
import { cutPendingEdits } from '../../services/yjs/live-edits.js';
import { updateRow } from '../../domain/content-tree/rows.js';
import { requireSpace } from '../../domain/spaces/rules.js';
import type { SpaceRow } from '../../domain/spaces/sql.js';
import { knownConflictCount, openConflictCount, openConflictIds, recordConflicts, resolutionWrites } from '../../domain/change-request-conflicts/sql.js';
import { unmetMergeRule } from '../../domain/change-requests/merge-rules.js';
import type { Role } from '../../../../src-shared/contract/common.js';
import { can, requireChangeRequest } from '../../domain/change-requests/rules.js';
import { addContributor, updateChangeRequest, type ChangeRequestRow } from '../../domain/change-requests/sql.js';

type MergeHandlers = Pick<Handlers<typeof changeRequests>, 'mergeChangeRequest' | 'updateChangeRequest'>;

/** How many times a pull is planned off the event loop before, main or the change request moving each time, it is planned inside its write. */
const PLANS_OFF_LOOP = 2;

/**
 * The bytes a merge or an update reads up to which it is planned at once, inside the request's
 * transaction: a few milliseconds of work, less than a worker's round trip (docs/architecture.md,
 * "Worker threads").
 */
export const PLAN_ON_LOOP_BYTES = 64 * 1024;

/**
 * Merge carries a change request into main; update pulls main into it. A merge that conflicts (our
 * rule finds a place both sides changed, or a conflict an update recorded is still open) changes
 * nothing and answers main's revision; an update keeps the change request's version of each
 * conflicting place and records the conflict for the writer to resolve. Each writes in one
 * transaction. One that reads much is planned off the event loop (docs/architecture.md, "Worker
 * threads"): the request's transaction reads the bytes of the docs it pulls, a worker plans the
 * pull, and a second transaction writes the plan only if none of those docs moved meanwhile;
 * otherwise it plans again, and at last inside that write itself. A plan made from docs that have
 * since changed is never written.
 */
export const mergeHandlers: MergeHandlers = {
  mergeChangeRequest(ctx, { params }) {
    return pullOffLoop(ctx, params, MERGE, PLANS_OFF_LOOP);
  },

  updateChangeRequest(ctx, { params }) {
    return pullOffLoop(ctx, params, UPDATE, PLANS_OFF_LOOP);
  },
};

type PullParams = { spaceId: string; changeRequestId: string };
type PullAnswer<D extends Direction> = { revision: string; result: D | 'conflicts' };

interface PullTarget {
  space: SpaceRow;
  changeRequest: ChangeRequestRow;
}

/** A merge or an update: the checks before it reads its docs, and the write of its plan. */
interface Pull<D extends Direction> {
  direction: D;
  /** The target once the caller may pull and its state allows it; else the answer or failure that ends the request. */
  check: (ctx: RequestContext, params: PullParams) => PullTarget | PullAnswer<D> | Failure;
  /** Writes the plan (or refuses it) inside the caller's transaction, and answers. */
  write: (ctx: RequestContext, target: PullTarget, plan: PullPlan) => PullAnswer<D>;
}

const isTarget = (checked: object): checked is PullTarget => 'changeRequest' in checked;

/** The checks of a pull, then its docs read for a worker to plan it, and the write of the plan once it is back. */
function pullOffLoop<D extends Direction>(ctx: RequestContext, params: PullParams, pull: Pull<D>, plansLeft: number): PullAnswer<D> | LaterWrite<PullAnswer<D>> | Failure {
  const target = pull.check(ctx, params);
  if (!isTarget(target)) return target;
  const { space, changeRequest } = target;
  const read = plansLeft > 0 ? readPull(ctx.docs, space.id, changeRequest.id) : undefined;
  if (!read || pullBytes(read.input) <= PLAN_ON_LOOP_BYTES) return pull.write(ctx, target, planPull(ctx.docs, space.id, changeRequest.id, pull.direction));
  return new LaterWrite(async () => {
    // A worker that fails (a lost thread, the engine closing, a doc the read did not foresee) leaves the pull to be planned on the event loop.
    const planned = await ctx.workers.run('planPull', { ...read.input, direction: pull.direction }).catch(() => undefined);
    return (later: RequestContext) => {
      if (!planned) return pullOffLoop(later, params, pull, 0);
      const again = pull.check(later, params);
      if (!isTarget(again)) return again;
      if (pullVersion(later.docs, again.space.id, again.changeRequest.id) !== read.version) return pullOffLoop(later, params, pull, plansLeft - 1);
      return pull.write(later, again, planned);
    };
  });
}

const MERGE: Pull<'merge'> = {
  direction: 'merge',
  // Who may merge, the state of both, the merge rules; conflicts still open refuse it with main's revision.
  check(ctx, params) {
    const target = requireMergeable(ctx, params, 'merge');
    if (isFailure(target)) return target;
    const unmet = unmetMergeRule(ctx.db, target.space, target.changeRequest, ctx.actor.id);
    if (unmet) return conflict(`mergeRules: ${unmet}`);
    const { space, changeRequest } = target;
    if (openConflictCount(ctx.db, changeRequest.id) > 0 || conflictsInTransit(ctx, space.id, changeRequest.id)) return { revision: space.revision, result: 'conflicts' };
    return target;
  },
  // A merge that conflicts writes nothing; else main's docs, its revision, the change request merged.
  write(ctx, { space, changeRequest }, plan) {
    if (plan.conflicts.length > 0) return { revision: space.revision, result: 'conflicts' };
    const mainHead = cutPendingEdits(ctx.db, ctx.docs, space.id, ctx.now) ?? space.revision;
    applyPull(ctx.docs, plan, ctx.projector);
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
    return { revision, result: 'merge' };
  },
};

const UPDATE: Pull<'update'> = {
  direction: 'update',
  check: (ctx, params) => requireMergeable(ctx, params, 'update'),
  // Main's changes into the change request's docs, conflicts or not (it keeps its own version of those, recorded).
  write(ctx, { space, changeRequest }, plan) {
    const mainHead = cutPendingEdits(ctx.db, ctx.docs, space.id, ctx.now) ?? space.revision;
    applyPull(ctx.docs, plan, ctx.projector);
    const docIds = changeRequestContentDocs(ctx.docs, space.id, changeRequest.id);
    const revision = newRevision(ctx, changeRequest, 'update', [changeRequest.revision, mainHead], docIds);
    recordConflicts(ctx.db, changeRequest.id, plan.conflicts.filter(isResolvable), revision, ctx.now);
    // The bases this update moved travel apart from these rows: each names what is open, for an engine that gets it first.
    ctx.docs.noteMovedConflicts(docIds, openConflictIds(ctx.db, changeRequest.id));
    updateChangeRequest(ctx.db, changeRequest.id, { revision, revision_merged_ancestor: mainHead, updated_at: ctx.now });
    addContributor(ctx.db, changeRequest.id, ctx.actor.id, ctx.now);
    return { revision, result: openConflictCount(ctx.db, changeRequest.id) > 0 ? 'conflicts' : 'update' };
  },
};

/**
 * Why a merge here would misjudge the change request's conflicts, its docs and its rows having
 * arrived apart (docs/sync.md, "Conflicts in transit"), or undefined:
 * - a base an update moved names a conflict whose row has not arrived: judged against that base
 *   the merge would land the change request's side of the place, where every other engine
 *   refuses it until the conflict is resolved;
 * - a resolution's row arrived ahead of what it wrote: the merge would land the side the writer
 *   did not keep.
 */
function conflictsInTransit(ctx: RequestContext, spaceId: string, changeRequestId: string): string | undefined {
  const named = ctx.docs.movedConflictsUnder(branchDocPrefix(spaceId, changeRequestBranch(changeRequestId)));
  const unknown = named.length === 0 ? 0 : named.length - knownConflictCount(ctx.db, changeRequestId, named);
  if (unknown > 0) return `conflicts: ${counted(unknown, 'conflict')} an update recorded ${unknown === 1 ? 'has' : 'have'} not reached this engine yet; sync brings ${unknown === 1 ? 'it' : 'them'}`;
  const waiting = resolutionWrites(ctx.db, changeRequestId).some(({ docId, written }) => !ctx.docs.holdsWrite(docId, written));
  if (waiting) return 'conflicts: what resolving its conflicts wrote into the change request has not reached this engine yet; sync brings it';
  return undefined;
}

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

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
  const inTransit = conflictsInTransit(ctx, space.id, changeRequest.id);
  if (inTransit) return inTransit;
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
): PullTarget | Failure {
  const access = requireSpace(ctx, params.spaceId, action === 'merge' ? can.merge : can.update);
  if (isFailure(access)) return access;
  const changeRequest = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
  if (isFailure(changeRequest)) return changeRequest;
  if (access.row.edit_mode === 'locked') return conflict(`editMode: the space is locked and takes no ${LOCKED[action]}`);
  if (changeRequest.status === 'merged') return conflict('status: the change request is already merged');
  if (changeRequest.status === 'archived') return conflict('status: the change request is archived; reopen it first');
  return { space: access.row, changeRequest };
}
