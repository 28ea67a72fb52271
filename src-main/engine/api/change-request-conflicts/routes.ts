import type { changeRequestConflicts } from '../../../../src-shared/contract/change-request-conflicts.js';
import { paginate } from '../../core/pagination.js';
import { conflict, isFailure, notFound, type Handlers } from '../../core/pipeline/index.js';
import { can, requireChangeRequest } from '../../domain/change-requests/rules.js';
import { addContributor } from '../../domain/change-requests/sql.js';
import { Batch } from '../../domain/content/batch.js';
import { requireWritableChangeRequest } from '../../domain/content/rules.js';
import { commitBatch } from '../../domain/content/write.js';
import { requireSpace } from '../../domain/spaces/rules.js';
import { applyResolution } from '../../domain/change-request-conflicts/resolve.js';
import { toConflict } from '../../domain/change-request-conflicts/serialize.js';
import { conflictsOf, findConflict, markResolved, openConflictCount, type ConflictRow } from '../../domain/change-request-conflicts/sql.js';
import { mergeRefusal } from '../change-requests/merge.js';

const NOT_FOUND = 'No matching conflict found';

export const changeRequestConflictsHandlers: Handlers<typeof changeRequestConflicts> = {
  /** What a merge by the caller would meet first, read without merging (the app disables its button with it). */
  getChangeRequestMergeability(ctx, { params }) {
    const access = requireSpace(ctx, params.spaceId, can.view, 'readable');
    if (isFailure(access)) return access;
    const changeRequest = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
    if (isFailure(changeRequest)) return changeRequest;
    const openConflicts = openConflictCount(ctx.db, changeRequest.id);
    const reason = mergeRefusal(ctx, access.row, changeRequest, access.role, openConflicts);
    return { mergeable: reason === undefined, ...(reason ? { reason } : {}), openConflicts };
  },

  listChangeRequestConflicts(ctx, { params, query }) {
    const access = requireSpace(ctx, params.spaceId, can.view, 'readable');
    if (isFailure(access)) return access;
    const changeRequest = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
    if (isFailure(changeRequest)) return changeRequest;
    const page = paginate<ConflictRow>(ctx.db, conflictsOf(changeRequest.id, query.status), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((row) => toConflict(ctx, access.row.id, row)) };
  },

  getChangeRequestConflict(ctx, { params }) {
    const access = requireSpace(ctx, params.spaceId, can.view, 'readable');
    if (isFailure(access)) return access;
    const changeRequest = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
    if (isFailure(changeRequest)) return changeRequest;
    const row = findConflict(ctx.db, changeRequest.id, params.conflictId);
    return row ? toConflict(ctx, access.row.id, row) : notFound(NOT_FOUND);
  },

  /**
   * Writes the resolution into the change request's content (a new `edits` revision when it
   * changes anything) and marks the conflict resolved, in one transaction. Resolving takes the
   * edit role, as writing the content does; a resolved conflict answers 409. The row names what
   * the resolution wrote, so that an engine holding the row before the writes waits to merge.
   */
  resolveChangeRequestConflict(ctx, { params, body }) {
    const target = requireWritableChangeRequest(ctx, params);
    if (isFailure(target)) return target;
    const changeRequest = target.changeRequest!;
    const row = findConflict(ctx.db, changeRequest.id, params.conflictId);
    if (!row) return notFound(NOT_FOUND);
    if (row.status !== 'open') return conflict('status: the conflict is already resolved');
    const batch = new Batch(ctx, target);
    const resolution = applyResolution(batch, row, body);
    if (isFailure(resolution)) return resolution;
    // Read before the save: what the row names for an engine that gets it ahead of these writes.
    const writes = batch.outcomes.size > 0 ? batch.edits.written() : undefined;
    if (writes) commitBatch(ctx, batch);
    else addContributor(ctx.db, changeRequest.id, ctx.actor.id, ctx.now);
    markResolved(ctx.db, row.id, resolution, writes ?? new Map(), ctx.actor.id, ctx.now);
    return toConflict(ctx, target.space.id, findConflict(ctx.db, changeRequest.id, row.id)!);
  },
};
