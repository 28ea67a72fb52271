import type { collections } from '../../../../src-shared/contract/collections.js';
import { fromApiLevel } from '../../domain/access/content-role.js';
import { isFailure, preconditionFailed, type Handlers } from '../../core/pipeline/index.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { presentToCaller, viewablePage } from '../../domain/content-tree/access.js';
import { DEFAULT_TITLE, created, placeNew } from '../../domain/content-tree/create.js';
import { planMove } from '../../domain/content-tree/move.js';
import { updateRow } from '../../domain/content-tree/rows.js';
import { transferTarget } from '../../domain/content-tree/transfer.js';
import { can as orgCan, requireOrganization } from '../../domain/orgs/rules.js';
import { toSpace } from '../../domain/spaces/serialize.js';
import { can as spaceCan } from '../../domain/spaces/rules.js';
import { spacesInCollection } from '../../domain/spaces/sql.js';
import { holdsSpaceInTrash, trashSpacesIn } from '../../domain/spaces/trash.js';
import { can, requireCollection } from '../../domain/collections/rules.js';
import { toCollection } from '../../domain/collections/serialize.js';
import {
  collectionsOf, deleteCollection, findCollection, insertCollection, subtreeIds, transferSubtree,
} from '../../domain/collections/sql.js';

export const collectionsHandlers: Handlers<typeof collections> = {
  listCollectionsInOrganizationById(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, orgCan.view);
    if (isFailure(access)) return access;
    const list = collectionsOf(params.organizationId, query.nested);
    return viewablePage(ctx, list, query, access.membership, can.view, toCollection);
  },

  createCollection(ctx, { params, body }) {
    const place = placeNew(ctx, params.organizationId, body.parent);
    if (isFailure(place)) return place;
    return created(current(ctx, insertCollection(ctx.db, { ...place, title: body.title ?? DEFAULT_TITLE }, ctx.now)));
  },

  getCollectionById(ctx, { params }) {
    const access = requireCollection(ctx, params.collectionId, can.view);
    if (isFailure(access)) return access;
    return toCollection(ctx, access.row, access.role);
  },

  deleteCollectionById(ctx, { params }) {
    const access = requireCollection(ctx, params.collectionId, can.admin);
    if (isFailure(access)) return access;
    trashSpacesIn(ctx.db, subtreeIds(ctx.db, access.row.id), ctx.now);
    deleteCollection(ctx.db, access.row.id);
    return undefined;
  },

  updateCollectionById(ctx, { params, body }) {
    const access = requireCollection(ctx, params.collectionId, can.admin);
    if (isFailure(access)) return access;
    const columns: Record<string, unknown> = {};
    if (body.title !== undefined) columns.title = body.title;
    if (body.description !== undefined) columns.description = body.description;
    if (body.defaultLevel !== undefined) columns.default_level = fromApiLevel(body.defaultLevel);
    updateRow(ctx.db, 'collections', access.row.id, columns);
    return current(ctx, access.row.id);
  },

  listSpacesInCollectionById(ctx, { params, query }) {
    const access = requireCollection(ctx, params.collectionId, can.view);
    if (isFailure(access)) return access;
    return viewablePage(ctx, spacesInCollection(access.row.id), query, access.membership, spaceCan.view, toSpace);
  },

  moveCollection(ctx, { params, body }) {
    const access = requireCollection(ctx, params.collectionId, can.admin);
    if (isFailure(access)) return access;
    const move = planMove(ctx, { ...access.row, type: 'collection' }, access.membership, body);
    if (isFailure(move)) return move;
    updateRow(ctx.db, 'collections', access.row.id, move);
    return current(ctx, access.row.id);
  },

  transferCollection(ctx, { params, body }) {
    const access = requireCollection(ctx, params.collectionId, can.admin);
    if (isFailure(access)) return access;
    const target = transferTarget(ctx, access.row.organization_id, body.organization);
    if (isFailure(target)) return target;
    const subtree = subtreeIds(ctx.db, access.row.id);
    if (holdsSpaceInTrash(ctx.db, subtree, ctx.now)) return preconditionFailed('The collection cannot be moved.');
    transferSubtree(ctx.db, subtree, target, ctx.now);
    return current(ctx, access.row.id);
  },
};

/** The collection as it now stands, with the caller's role on it. */
function current(ctx: RequestContext, id: string) {
  return presentToCaller(ctx, findCollection(ctx.db, id)!, toCollection);
}
