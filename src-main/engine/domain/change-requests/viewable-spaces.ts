import type { LevelRow } from '../access/content-path.js';
import { contentRole } from '../access/content-role.js';
import type { Membership } from '../access/membership.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { can as spaceCan } from '../spaces/rules.js';

/**
 * The organization's live spaces the caller can view. The organization-wide change request list
 * keeps only theirs, before paging, so that `count` and cursors never see the others.
 */
export function viewableSpaceIds(ctx: RequestContext, organizationId: string, membership: Membership | undefined): string[] {
  const spaces = ctx.db.all<LevelRow>(
    'SELECT id, parent_id, default_level FROM spaces WHERE organization_id = ? AND deleted_at IS NULL',
    organizationId,
  );
  return spaces.filter((space) => spaceCan.view(contentRole(ctx.db, space, membership))).map((space) => space.id);
}
