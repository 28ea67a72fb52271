import { findMembership } from '../access/membership.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { badRequest, conflict, forbidden, type Failure } from '../../core/pipeline/failure.js';
import { findOrganization } from '../orgs/sql.js';
import { canCreateIn } from './parent.js';
import { endOf, type TreeParent } from './siblings.js';

/**
 * Checks a transfer to `organizationId` and answers where the item lands: at the end of that
 * organization's root, which the caller must be allowed to create in.
 */
export function transferTarget(
  ctx: RequestContext,
  fromOrganizationId: string,
  organizationId: string,
): (TreeParent & { position: number }) | Failure {
  if (organizationId === fromOrganizationId) return conflict('Transfer would not result in any update');
  if (!findOrganization(ctx.db, organizationId)) {
    return badRequest('body.organization: No matching organization found for given id');
  }
  if (!canCreateIn(ctx.db, findMembership(ctx.db, organizationId, ctx.actor.id), undefined)) return forbidden();
  const root = { organization_id: organizationId, parent_id: null };
  return { ...root, position: endOf(ctx.db, root) };
}
