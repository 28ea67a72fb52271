import { z } from 'zod';
import { EntityId, ListQuery, listOf } from './common.js';
import { Member } from './members.js';
import { defineOperation } from './operation.js';
import { TeamMember, TeamMemberRole, TeamParams } from './teams.js';

/**
 * Membership of teams. Its own file because it joins the two resources: members.ts lists a
 * member's teams, and this lists a team's members.
 */
const TeamMemberParams = TeamParams.extend({ userId: EntityId });

export const OrganizationTeamMember = z
  .object({
    organization: Member,
    team: TeamMember,
    permissions: z.object({ view: z.boolean() }),
  })
  .meta({ id: 'OrganizationTeamMember' });

/** A user id or the e-mail of a member of the organization. */
const MemberReference = z.string().min(1);

export const teamMembers = {
  listTeamMembersInOrganizationById: defineOperation({
    id: 'listTeamMembersInOrganizationById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/teams/{teamId}/members',
    summary: 'List the members of a team with their team roles',
    params: TeamParams,
    query: ListQuery,
    success: 200,
    response: listOf(OrganizationTeamMember),
  }),
  updateMembersInOrganizationTeam: defineOperation({
    id: 'updateMembersInOrganizationTeam',
    method: 'PUT',
    path: '/v1/orgs/{organizationId}/teams/{teamId}/members',
    summary: 'Add and remove team members; a user in both lists is removed',
    params: TeamParams,
    body: z.object({ add: z.array(MemberReference).optional(), remove: z.array(MemberReference).optional() }),
    success: 204,
  }),
  addMemberToOrganizationTeamById: defineOperation({
    id: 'addMemberToOrganizationTeamById',
    method: 'PUT',
    path: '/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}',
    summary: "Add a member to a team, or change their team role",
    params: TeamMemberParams,
    body: z.object({ role: TeamMemberRole.optional() }),
    bodyOptional: true,
    success: 204,
  }),
  deleteMemberFromOrganizationTeamById: defineOperation({
    id: 'deleteMemberFromOrganizationTeamById',
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}',
    summary: 'Remove a member from a team',
    params: TeamMemberParams,
    success: 204,
  }),
};
