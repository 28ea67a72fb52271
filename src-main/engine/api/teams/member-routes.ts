import type { teamMembers } from '../../../../src-shared/contract/team-members.js';
import type { Database } from '../../core/db/database.js';
import { paginate } from '../../core/pagination.js';
import { badRequest, isFailure, notFound, type Failure, type Handlers } from '../../core/pipeline/index.js';
import { memberSerializer } from '../../domain/members/serialize.js';
import { findMember, findMemberByEmail } from '../../domain/members/sql.js';
import { canTeam, requireTeam } from '../../domain/teams/rules.js';
import { addToTeam, membersOfTeam, removeFromTeam, setTeamRole, type TeamMemberRow } from '../../domain/teams/sql.js';

export const teamMembersHandlers: Handlers<typeof teamMembers> = {
  listTeamMembersInOrganizationById(ctx, { params, query }) {
    const access = requireTeam(ctx, params, 'view');
    if (isFailure(access)) return access;
    const page = paginate<TeamMemberRow>(ctx.db, membersOfTeam(access.team), query);
    if (isFailure(page)) return page;
    const toMember = memberSerializer(ctx, params.organizationId);
    const permissions = { view: canTeam.view(access.role) };
    return {
      ...page,
      items: page.items.map((row) => ({ organization: toMember(row), team: { role: row.team_role }, permissions })),
    };
  },

  updateMembersInOrganizationTeam(ctx, { params, body }) {
    const access = requireTeam(ctx, params, 'manage');
    if (isFailure(access)) return access;
    const added = resolveMembers(ctx.db, params.organizationId, body.add ?? [], 'body.add');
    if (isFailure(added)) return added;
    const removed = resolveMembers(ctx.db, params.organizationId, body.remove ?? [], 'body.remove');
    if (isFailure(removed)) return removed;
    // A user named in both lists ends up removed, as the reference service does.
    for (const userId of added) if (!removed.includes(userId)) addToTeam(ctx.db, params.teamId, userId, ctx.now);
    for (const userId of removed) removeFromTeam(ctx.db, params.teamId, userId);
    return undefined;
  },

  addMemberToOrganizationTeamById(ctx, { params, body }) {
    const access = requireTeam(ctx, params, 'manage');
    if (isFailure(access)) return access;
    if (!findMember(ctx.db, params.organizationId, params.userId)) return notFound('No matching member found for given id');
    if (body.role === undefined) addToTeam(ctx.db, params.teamId, params.userId, ctx.now);
    else setTeamRole(ctx.db, params.teamId, params.userId, body.role, ctx.now);
    return undefined;
  },

  deleteMemberFromOrganizationTeamById(ctx, { params }) {
    const access = requireTeam(ctx, params, 'manage');
    if (isFailure(access)) return access;
    if (!removeFromTeam(ctx.db, params.teamId, params.userId)) return notFound('The member is not part of the team');
    return undefined;
  },
};

/** User ids for references that are user ids or e-mails of members; the first stranger fails. */
function resolveMembers(db: Database, organizationId: string, references: string[], field: string): string[] | Failure {
  const userIds: string[] = [];
  for (const reference of references) {
    const member = findMember(db, organizationId, reference) ?? findMemberByEmail(db, organizationId, reference);
    if (!member) return badRequest(`${field}: ${reference} is not a member of the organization`);
    userIds.push(member.user_id);
  }
  return userIds;
}
