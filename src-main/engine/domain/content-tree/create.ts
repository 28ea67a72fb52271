import type { RequestContext } from '../../core/pipeline/context.js';
import { forbidden, isFailure, type Failure } from '../../core/pipeline/failure.js';
import { Reply } from '../../core/pipeline/reply.js';
import { can as orgCan, requireOrganization } from '../orgs/rules.js';
import { canCreateIn, resolveParent } from './parent.js';
import { endOf, type TreeParent } from './siblings.js';

/** The title of a collection or space created without one. */
export const DEFAULT_TITLE = 'Untitled';

/**
 * Where a new collection or space goes: at the end of `parentId` (the organization's root when
 * absent), once the caller is found allowed to create there.
 */
export function placeNew(
  ctx: RequestContext,
  organizationId: string,
  parentId: string | undefined,
): (TreeParent & { position: number }) | Failure {
  const access = requireOrganization(ctx, organizationId, orgCan.view);
  if (isFailure(access)) return access;
  const parent = resolveParent(ctx.db, organizationId, parentId);
  if (isFailure(parent)) return parent;
  if (!canCreateIn(ctx.db, access.membership, parent)) return forbidden();
  const place = { organization_id: organizationId, parent_id: parent?.id ?? null };
  return { ...place, position: endOf(ctx.db, place) };
}

/** A creation answers 201 with the new resource's API address in `Location`, as the reference service does. */
export function created<T extends { urls: { location: string } }>(resource: T): Reply<T> {
  return new Reply(201, resource, { location: resource.urls.location });
}
