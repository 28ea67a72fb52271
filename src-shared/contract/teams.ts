import { z } from 'zod';
import { EntityId, ListQuery, Timestamp, listOf } from './common.js';
import { defineOperation } from './operation.js';
import { orgs } from './orgs.js';

const OrgParams = orgs.getOrganizationById.params;
export const TeamParams = OrgParams.extend({ teamId: EntityId });

export const TeamTitle = z.string().min(1).max(64).meta({ id: 'OrganizationTeamTitle' });

/** `owner` manages the team's members; `member` only belongs to it. */
export const TeamMemberRole = z.enum(['owner', 'member']).meta({ id: 'TeamMemberRole' });
export type TeamMemberRole = z.infer<typeof TeamMemberRole>;
export const TeamMember = z.object({ role: TeamMemberRole }).meta({ id: 'TeamMember' });

export const Team = z
  .object({
    object: z.literal('team'),
    id: z.string(),
    title: z.string(),
    members: z.number().int(),
    spaces: z.number().int(),
    createdAt: Timestamp,
    permissions: z.object({ admin: z.boolean(), view: z.boolean() }),
  })
  .meta({ id: 'OrganizationTeam' });

export const teams = {
  listTeamsInOrganizationById: defineOperation({
    id: 'listTeamsInOrganizationById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/teams',
    summary: 'List the teams of an organization',
    params: OrgParams,
    query: ListQuery.extend({
      /** A member id: only the teams that member can manage. */
      owner: EntityId.optional(),
      /** Case-insensitive substring of the title. */
      title: z.string().optional(),
    }),
    success: 200,
    response: listOf(Team),
  }),
  createOrganizationTeam: defineOperation({
    id: 'createOrganizationTeam',
    method: 'PUT',
    path: '/v1/orgs/{organizationId}/teams',
    summary: 'Create a team',
    params: OrgParams,
    body: z.object({ title: TeamTitle, members: z.array(z.string()).optional() }),
    success: 201,
    response: Team,
  }),
  getTeamInOrganizationById: defineOperation({
    id: 'getTeamInOrganizationById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/teams/{teamId}',
    summary: 'Get a team',
    params: TeamParams,
    success: 200,
    response: Team,
  }),
  removeTeamFromOrganizationById: defineOperation({
    id: 'removeTeamFromOrganizationById',
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/teams/{teamId}',
    summary: 'Delete a team',
    params: TeamParams,
    success: 204,
  }),
  updateTeamInOrganizationById: defineOperation({
    id: 'updateTeamInOrganizationById',
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/teams/{teamId}',
    summary: 'Rename a team',
    params: TeamParams,
    body: z.object({ title: TeamTitle }),
    success: 200,
    response: Team,
  }),
};
