import type { Role } from '../../../../src-shared/contract/common.js';
import { contentPath } from '../access/content-path.js';
import { inheritedLevel, roleFrom } from '../access/content-role.js';
import { grantsOnPath } from '../access/grants.js';
import { paginate, type Page } from '../../core/pagination.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { isFailure, type Failure } from '../../core/pipeline/failure.js';
import type { ContentRow } from '../content-tree/access.js';
import { toUser, type UserRow } from '../users/sql.js';
import { activeMembers, usersAmong } from './sql.js';

/**
 * Everyone who can access the item, with their role on it (only those holding `role` when
 * given), by name. Roles come from `roleFrom`, the rule `contentRole` applies, with the item's
 * path and grants read once for all members instead of once per member.
 */
export function accessPage(
  ctx: RequestContext,
  row: ContentRow,
  request: { page?: string; limit: number; role?: Role },
): Page<{ permission: Role; user: ReturnType<typeof toUser> }> | Failure {
  const path = contentPath(ctx.db, row);
  const level = inheritedLevel(path);
  const granted = grantsOnPath(ctx.db, path);
  const roles = new Map<string, Role>();
  for (const member of activeMembers(ctx.db, row.organization_id)) {
    const role = roleFrom(member.role, level, granted.get(member.user_id));
    if (role !== undefined && (request.role === undefined || role === request.role)) roles.set(member.user_id, role);
  }
  const page = paginate<UserRow>(ctx.db, usersAmong([...roles.keys()]), request);
  if (isFailure(page)) return page;
  return { ...page, items: page.items.map((user) => ({ permission: roles.get(user.id)!, user: toUser(ctx, user) })) };
}
