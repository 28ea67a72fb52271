import type { MoveBody } from '../../../../src-shared/contract/content-tree.js';
import type { Membership } from '../access/membership.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { badRequest, forbidden, isFailure, type Failure } from '../../core/pipeline/failure.js';
import { subtreeIds } from '../collections/sql.js';
import { canCreateIn, resolveParent } from './parent.js';
import { placeAmong, type TreeItem, type TreeParent } from './siblings.js';

export type MovingItem = TreeItem & TreeParent;

/**
 * Where a move puts an item: a parent in the same organization (not inside the item itself),
 * where the caller may create, and a position there. A 409 when nothing would change.
 */
export function planMove(
  ctx: RequestContext,
  item: MovingItem,
  membership: Membership | undefined,
  body: MoveBody,
): (Pick<TreeParent, 'parent_id'> & { position: number }) | Failure {
  const parentId = body.parent === undefined ? item.parent_id : body.parent;
  const parent = resolveParent(ctx.db, item.organization_id, parentId);
  if (isFailure(parent)) return parent;
  if (item.type === 'collection' && parent && subtreeIds(ctx.db, item.id).includes(parent.id)) {
    return badRequest('body.parent: a collection cannot move into itself or one of its sub-collections');
  }
  if (!canCreateIn(ctx.db, membership, parent)) return forbidden();
  const target = { organization_id: item.organization_id, parent_id: parent?.id ?? null };
  const position = placeAmong(ctx.db, target, item, body.position);
  if (isFailure(position)) return position;
  return { parent_id: target.parent_id, position };
}
