import type { members } from '../../../../src-shared/contract/members.js';
import { findMembership } from '../../domain/access/membership.js';
import { paginate } from '../../core/pagination.js';
import { conflict, isFailure, type Handlers } from '../../core/pipeline/index.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { can, requireOrganization } from '../../domain/orgs/rules.js';
import { canTeam } from '../../domain/teams/rules.js';
import { toTeam } from '../../domain/teams/serialize.js';
import { teamsOfMember, type MemberTeamRow } from '../../domain/teams/sql.js';
import { canMember, keepsAnAdmin, requireMember } from '../../domain/members/rules.js';
import { memberSerializer } from '../../domain/members/serialize.js';
import { spacesOfMember } from '../../domain/members/spaces.js';
import {
  findMember, markSSOMember, membersOf, removeMember, setMemberRole, touchLastSeen, type MemberRow,
} from '../../domain/members/sql.js';

const LAST_ADMIN = 'The organization must keep at least one admin';

export const membersHandlers: Handlers<typeof members> = {
  listMembersInOrganizationById(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, can.listMembers);
    if (isFailure(access)) return access;
    const page = paginate<MemberRow>(ctx.db, membersOf(params.organizationId, query), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map(memberSerializer(ctx, params.organizationId)) };
  },

  getMemberInOrganizationById(ctx, { params }) {
    const access = requireMember(ctx, params, canMember.get);
    if (isFailure(access)) return access;
    return memberSerializer(ctx, params.organizationId)(access.member);
  },

  removeMemberFromOrganizationById(ctx, { params }) {
    const access = requireMember(ctx, params, canMember.remove);
    if (isFailure(access)) return access;
    if (!keepsAnAdmin(ctx.db, access.member, 'removed')) return conflict(LAST_ADMIN);
    removeMember(ctx.db, params.organizationId, params.userId);
    return undefined;
  },

  updateMemberInOrganizationById(ctx, { params, body }) {
    const access = requireMember(ctx, params, can.admin);
    if (isFailure(access)) return access;
    if (body.role !== undefined) {
      if (!keepsAnAdmin(ctx.db, access.member, body.role)) return conflict(`body.role: ${LAST_ADMIN}`);
      setMemberRole(ctx.db, params.organizationId, params.userId, body.role);
    }
    return reloaded(ctx, params);
  },

  updateOrganizationMemberLastSeenAt(ctx, { params }) {
    const access = requireOrganization(ctx, params.organizationId, can.view);
    if (isFailure(access)) return access;
    touchLastSeen(ctx.db, params.organizationId, ctx.actor.id, ctx.now);
    // Visitor claims come from published sites' authentication, which a local engine does not run.
    return {};
  },

  setUserAsSSOMemberForOrganization(ctx, { params }) {
    const access = requireMember(ctx, params, can.admin);
    if (isFailure(access)) return access;
    markSSOMember(ctx.db, params.organizationId, params.userId);
    return reloaded(ctx, params);
  },

  listTeamsForOrganizationMember(ctx, { params, query }) {
    const access = requireMember(ctx, params, canTeam.view);
    if (isFailure(access)) return access;
    const teams = teamsOfMember(params.organizationId, params.userId, ctx.actor.id, query.title);
    const page = paginate<MemberTeamRow>(ctx.db, teams, query);
    if (isFailure(page)) return page;
    return {
      ...page,
      items: page.items.map((row) => ({ team: toTeam(row, access.role), member: { role: row.member_role } })),
    };
  },

  listSpacesForOrganizationMember(ctx, { params, query }) {
    const access = requireMember(ctx, params, canMember.listSpaces);
    if (isFailure(access)) return access;
    const member = findMembership(ctx.db, params.organizationId, params.userId)!;
    return spacesOfMember(ctx, member, query);
  },
};

/** The member as stored once the request's change is made. */
function reloaded(ctx: RequestContext, params: { organizationId: string; userId: string }) {
  return memberSerializer(ctx, params.organizationId)(findMember(ctx.db, params.organizationId, params.userId)!);
}
