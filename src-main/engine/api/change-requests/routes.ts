import type { changeRequests } from '../../../../src-shared/contract/change-requests.js';
import { paginate, type KeysetQuery } from '../../core/pagination.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { conflict, forbidden, isFailure, type Handlers } from '../../core/pipeline/index.js';
import { MAIN, branchDocPrefix, changeRequestBranch } from '../../../../src-shared/sync/doc-names.js';
import { created } from '../../domain/content-tree/create.js';
import { can as orgCan, requireOrganization } from '../../domain/orgs/rules.js';
import { requireSpace } from '../../domain/spaces/rules.js';
import { mergeHandlers } from './merge.js';
import { can, requireChangeRequest } from '../../domain/change-requests/rules.js';
import { toChangeRequest } from '../../domain/change-requests/serialize.js';
import {
  addContributor, changeRequestsOfSpace, changeRequestsOfSpaces, findChangeRequest, insertChangeRequest,
  updateChangeRequest, type ChangeRequestRow,
} from '../../domain/change-requests/sql.js';
import { viewableSpaceIds } from '../../domain/change-requests/viewable-spaces.js';

export const changeRequestsHandlers: Handlers<typeof changeRequests> = {
  listChangeRequestsForSpace(ctx, { params, query }) {
    const access = requireSpace(ctx, params.spaceId, can.view, 'readable');
    if (isFailure(access)) return access;
    return page(ctx, changeRequestsOfSpace(access.row.id, query), query);
  },

  createChangeRequest(ctx, { params, body }) {
    const access = requireSpace(ctx, params.spaceId, can.edit);
    if (isFailure(access)) return access;
    const space = access.row;
    if (space.edit_mode === 'locked') return conflict('editMode: the space is locked and takes no change requests');
    const id = insertChangeRequest(ctx.db, {
      spaceId: space.id,
      subject: body.subject ?? '',
      createdBy: ctx.actor.id,
      revision: space.revision,
      now: ctx.now,
    });
    // Nothing is copied now: each doc of the content is copied when main or the change request first changes it.
    ctx.docs.forkBranch(branchDocPrefix(space.id, MAIN), branchDocPrefix(space.id, changeRequestBranch(id)));
    return created(toChangeRequest(ctx, findChangeRequest(ctx.db, space.id, id)!));
  },

  getChangeRequestById(ctx, { params }) {
    const access = requireSpace(ctx, params.spaceId, can.view, 'readable');
    if (isFailure(access)) return access;
    const row = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
    if (isFailure(row)) return row;
    return toChangeRequest(ctx, row);
  },

  updateChangeRequestById(ctx, { params, body }) {
    const access = requireSpace(ctx, params.spaceId, can.edit);
    if (isFailure(access)) return access;
    const row = requireChangeRequest(ctx, access.row.id, params.changeRequestId);
    if (isFailure(row)) return row;
    if (body.status !== undefined && !can.setStatus(access.role, row.created_by === ctx.actor.id)) return forbidden();
    const columns: Record<string, unknown> = {};
    if (body.subject !== undefined) columns.subject = body.subject;
    if (body.description !== undefined) columns.description = JSON.stringify(body.description);
    if (body.status !== undefined) columns.status = body.status;
    if (Object.keys(columns).length > 0) {
      updateChangeRequest(ctx.db, row.id, { ...columns, updated_at: ctx.now });
      addContributor(ctx.db, row.id, ctx.actor.id, ctx.now);
    }
    return toChangeRequest(ctx, findChangeRequest(ctx.db, access.row.id, row.id)!);
  },

  ...mergeHandlers,

  // The documents give this list no `status` filter, so it lists change requests of every status.
  listChangeRequestsForOrganization(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, orgCan.view);
    if (isFailure(access)) return access;
    const spaceIds = viewableSpaceIds(ctx, params.organizationId, access.membership);
    return page(ctx, changeRequestsOfSpaces(spaceIds, query), query);
  },
};

function page(ctx: RequestContext, query: KeysetQuery, request: { page?: string; limit: number }) {
  const rows = paginate<ChangeRequestRow>(ctx.db, query, request);
  if (isFailure(rows)) return rows;
  return { ...rows, items: rows.items.map((row) => toChangeRequest(ctx, row)) };
}
