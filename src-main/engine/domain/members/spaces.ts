import { contentRole } from '../access/content-role.js';
import { findMembership, type Membership } from '../access/membership.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { viewablePage } from '../content-tree/access.js';
import { toSpace } from '../spaces/serialize.js';
import { spacesOfOrganization, type SpaceRow } from '../spaces/sql.js';

/**
 * The spaces `member` can access, each with the member's role on it. The space itself is
 * shown to the caller, so its `permissions` are the caller's.
 */
export function spacesOfMember(
  ctx: RequestContext,
  member: Membership,
  request: { page?: string; limit: number; order: 'asc' | 'desc' },
) {
  const desc = request.order === 'desc';
  const query = {
    ...spacesOfOrganization(member.organizationId),
    order: [
      { expr: 'created_at', column: 'created_at', desc },
      { expr: 'id', column: 'id', desc },
    ],
  };
  const caller = findMembership(ctx.db, member.organizationId, ctx.actor.id);
  return viewablePage(
    ctx,
    query,
    request,
    member,
    (role) => role !== undefined,
    (c, row: SpaceRow, permission) => ({ permission: permission!, space: toSpace(c, row, contentRole(c.db, row, caller)) }),
  );
}
