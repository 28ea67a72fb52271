import { contentRole } from '../access/content-role.js';
import type { Membership } from '../access/membership.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import type { ContentRow } from '../content-tree/access.js';
import { can } from '../spaces/rules.js';

/**
 * The spaces of an organization whose content the caller may read: live spaces (the trash is
 * left out) on which their role gives view, the same rule as every space read. Guests thus
 * search only what they were granted.
 */
export function readableSpaceIds(ctx: RequestContext, organizationId: string, membership: Membership | undefined): { id: string; title: string }[] {
  const rows = ctx.db.all<ContentRow & { title: string }>(
    'SELECT id, title, organization_id, parent_id, default_level FROM spaces WHERE organization_id = ? AND deleted_at IS NULL',
    organizationId,
  );
  return rows.filter((row) => can.view(contentRole(ctx.db, row, membership))).map((row) => ({ id: row.id, title: row.title }));
}
