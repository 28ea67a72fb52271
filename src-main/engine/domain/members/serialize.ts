import type { members } from '../../../../src-shared/contract/members.js';
import type { OperationOutput } from '../../../../src-shared/contract/operation.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { toUser } from '../users/sql.js';
import { spaceCounter } from './space-count.js';
import type { MemberRow } from './sql.js';

type Member = OperationOutput<typeof members.getMemberInOrganizationById>;

/** Serializes members of one organization; one serializer per request shares the space lookups. */
export function memberSerializer(ctx: RequestContext, organizationId: string): (row: MemberRow) => Member {
  const countSpaces = spaceCounter(ctx.db, organizationId);
  return (row) => {
    const member: Member = {
      object: 'member',
      id: row.user_id,
      role: row.role,
      user: toUser(ctx, row),
      disabled: row.disabled === 1,
      joinedAt: row.joined_at,
      sso: row.sso === 1,
      spaces: countSpaces({ organizationId, userId: row.user_id, role: row.role, disabled: row.disabled === 1 }),
      teams: row.team_count,
    };
    if (row.last_seen_at !== null) member.lastSeenAt = row.last_seen_at;
    return member;
  };
}
