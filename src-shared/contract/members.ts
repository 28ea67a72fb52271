import { z } from 'zod';
import { EntityId, ListOrder, ListQuery, ROLES, Role, RoleOrGuest, Timestamp, User, listOf } from './common.js';
import { defineOperation } from './operation.js';
import { orgs } from './orgs.js';
import { Space } from './spaces.js';
import { Team, TeamMember } from './teams.js';

const OrgParams = orgs.getOrganizationById.params;
export const MemberParams = OrgParams.extend({ userId: EntityId });

export const Member = z
  .object({
    object: z.literal('member'),
    id: z.string(),
    role: RoleOrGuest,
    user: User,
    disabled: z.boolean(),
    joinedAt: Timestamp,
    lastSeenAt: Timestamp.optional(),
    sso: z.boolean(),
    /** Spaces of the organization the member can access. */
    spaces: z.number().int(),
    /** Teams of the organization the member belongs to. */
    teams: z.number().int(),
  })
  .meta({ id: 'OrganizationMember' });

/** A role, or `guest` for the members without one. */
const MemberRoleFilter = z.enum([...ROLES, 'guest']);

/** `lastSeenAt` lists only the members seen at least once. */
const MemberSort = z.enum(['joinedAt', 'lastSeenAt', 'name']).default('joinedAt');

export const members = {
  listMembersInOrganizationById: defineOperation({
    id: 'listMembersInOrganizationById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/members',
    summary: 'List the members of an organization',
    params: OrgParams,
    query: ListQuery.extend({
      order: ListOrder,
      role: MemberRoleFilter.optional(),
      /** Case-insensitive substring of the display name or the e-mail. */
      search: z.string().optional(),
      sort: MemberSort,
    }),
    success: 200,
    response: listOf(Member),
  }),
  getMemberInOrganizationById: defineOperation({
    id: 'getMemberInOrganizationById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/members/{userId}',
    summary: 'Get a member',
    params: MemberParams,
    success: 200,
    response: Member,
  }),
  removeMemberFromOrganizationById: defineOperation({
    id: 'removeMemberFromOrganizationById',
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/members/{userId}',
    summary: 'Remove a member, or leave the organization',
    params: MemberParams,
    success: 204,
  }),
  updateMemberInOrganizationById: defineOperation({
    id: 'updateMemberInOrganizationById',
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/members/{userId}',
    summary: "Change a member's role",
    params: MemberParams,
    body: z.object({ role: RoleOrGuest.optional() }),
    success: 200,
    response: Member,
  }),
  updateOrganizationMemberLastSeenAt: defineOperation({
    id: 'updateOrganizationMemberLastSeenAt',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/ping',
    summary: "Record the caller's last-seen time",
    params: OrgParams,
    success: 200,
    response: z.object({ serviceVisitorClaims: z.string().optional() }),
  }),
  setUserAsSSOMemberForOrganization: defineOperation({
    id: 'setUserAsSSOMemberForOrganization',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/members/{userId}/sso',
    summary: 'Mark a member as signing in through SSO',
    params: MemberParams,
    success: 200,
    response: Member,
  }),
  listTeamsForOrganizationMember: defineOperation({
    id: 'listTeamsForOrganizationMember',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/members/{userId}/teams',
    summary: 'List the teams of a member',
    params: MemberParams,
    query: ListQuery.extend({ title: z.string().optional() }),
    success: 200,
    response: listOf(z.object({ team: Team, member: TeamMember })),
  }),
  listSpacesForOrganizationMember: defineOperation({
    id: 'listSpacesForOrganizationMember',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/members/{userId}/spaces',
    summary: 'List the spaces a member can access, with their role on each',
    params: MemberParams,
    query: ListQuery.extend({ order: ListOrder }),
    success: 200,
    response: listOf(z.object({ permission: Role, space: Space }).meta({ id: 'MemberContentPermission' })),
  }),
};
