import { z } from 'zod';
import {
  EntityId, JSONDocument, ListQuery, OrganizationMergeRules, OrganizationMergeRulesInput, RoleOrGuest, Timestamp, Url, listOf,
} from './common.js';
import { defineOperation } from './operation.js';
import { Space } from './spaces.js';

export const OrganizationTitle = z
  .string()
  .min(2)
  .max(255)
  .regex(/\S.*\S/, 'must contain at least two non-blank characters');
export const OrganizationHostname = z.string().min(3).max(32);

const OrganizationType = z.enum(['business', 'community']);
const OrganizationUseCase = z.enum([
  'internalDocs', 'docsSite', 'audienceControlledSite', 'productDocs', 'teamKnowledgeBase',
  'designSystem', 'openSourceDocs', 'notes', 'other',
]);
const BillingProduct = z.enum([
  'free_2024', 'plus_2024', 'pro_2024', 'enterprise_2024', 'community_2024', 'free', 'plus', 'pro', 'internal',
]);
const DefaultContent = z.object({ type: z.literal('site'), site: z.string() }).nullable();

export const OrganizationPermissions = z.object({
  view: z.boolean(),
  admin: z.boolean(),
  ownTeam: z.boolean(),
  createContent: z.boolean(),
  createOpenAPISpec: z.boolean(),
  ingestConversations: z.boolean(),
  viewBilling: z.boolean(),
  listMembers: z.boolean(),
  listTeams: z.boolean(),
  listIntegrations: z.boolean(),
  listInstallations: z.boolean(),
  installIntegration: z.boolean(),
});

export const Organization = z
  .object({
    object: z.literal('organization'),
    id: z.string(),
    title: z.string(),
    createdAt: Timestamp,
    emailDomains: z.array(z.string()),
    hostname: z.string().optional(),
    type: OrganizationType,
    useCase: OrganizationUseCase.optional(),
    defaultRole: RoleOrGuest.optional(),
    defaultContent: DefaultContent.optional(),
    sso: z.boolean().optional(),
    ai: z.boolean().optional(),
    inviteLinks: z.boolean(),
    plan: BillingProduct,
    mergeRules: OrganizationMergeRules,
    urls: z.object({ location: z.string(), app: z.string(), logo: z.string().optional() }),
    trial: z.object({ status: z.enum(['notapplicable', 'none', 'active', 'ended', 'expired']), count: z.number().int() }),
    permissions: OrganizationPermissions,
  })
  .meta({ id: 'Organization' });

export const InviteLink = z
  .object({ object: z.literal('invite'), id: z.string(), role: RoleOrGuest, redundant: z.boolean() })
  .meta({ id: 'InviteLinkToOrganization' });

export const AgentInstructions = z
  .object({
    object: z.literal('agent-instructions'),
    instructions: JSONDocument,
    updatedAt: Timestamp,
    updatedBy: z.string(),
    urls: z.object({ location: z.string() }),
  })
  .meta({ id: 'OrganizationAgentInstructions' });

const OrgParams = z.object({ organizationId: EntityId });

export const orgs = {
  listOrganizationsForAuthenticatedUser: defineOperation({
    id: 'listOrganizationsForAuthenticatedUser',
    method: 'GET',
    path: '/v1/orgs',
    summary: 'List the organizations of the authenticated user',
    query: ListQuery,
    success: 200,
    response: listOf(Organization),
  }),
  createOrganization: defineOperation({
    id: 'createOrganization',
    method: 'POST',
    path: '/v1/orgs',
    summary: 'Create an organization; the caller becomes its admin',
    body: z.object({ title: OrganizationTitle, emailDomains: z.array(z.string().min(1).max(255)).optional() }),
    success: 201,
    response: Organization,
  }),
  getOrganizationById: defineOperation({
    id: 'getOrganizationById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}',
    summary: 'Get an organization',
    params: OrgParams,
    success: 200,
    response: Organization,
  }),
  updateOrganizationById: defineOperation({
    id: 'updateOrganizationById',
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}',
    summary: 'Update an organization',
    params: OrgParams,
    body: z.object({
      title: OrganizationTitle.optional(),
      emailDomains: z.array(z.string().min(1).max(255)).optional(),
      hostname: OrganizationHostname.optional(),
      defaultRole: RoleOrGuest.optional(),
      defaultContent: DefaultContent.optional(),
      logo: Url.nullable().optional(),
      sso: z.boolean().optional(),
      ai: z.boolean().optional(),
      inviteLinks: z.boolean().optional(),
      mergeRules: OrganizationMergeRulesInput.optional(),
    }),
    success: 200,
    response: Organization,
  }),
  listOrganizationInviteLinks: defineOperation({
    id: 'listOrganizationInviteLinks',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/link-invites',
    summary: 'List the invite links of an organization',
    params: OrgParams,
    query: ListQuery,
    success: 200,
    response: listOf(InviteLink),
  }),
  createOrganizationInvite: defineOperation({
    id: 'createOrganizationInvite',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/link-invites',
    summary: 'Create an invite link to the organization',
    params: OrgParams,
    body: z.object({ role: RoleOrGuest }),
    success: 201,
    response: InviteLink,
  }),
  deleteOrganizationInviteById: defineOperation({
    id: 'deleteOrganizationInviteById',
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/link-invites/{inviteId}',
    summary: 'Delete an invite link',
    params: OrgParams.extend({ inviteId: EntityId }),
    success: 204,
  }),
  joinOrganization: defineOperation({
    id: 'joinOrganization',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/join',
    summary: "Join an organization whose allowed e-mail domains match the caller's",
    params: OrgParams,
    bodyOptional: true,
    success: 204,
  }),
  getOrganizationAgentInstructions: defineOperation({
    id: 'getOrganizationAgentInstructions',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/agent-instructions',
    summary: "Get the organization's instructions for AI agents",
    params: OrgParams,
    success: 200,
    response: AgentInstructions,
  }),
  updateOrganizationAgentInstructions: defineOperation({
    id: 'updateOrganizationAgentInstructions',
    method: 'PUT',
    path: '/v1/orgs/{organizationId}/agent-instructions',
    summary: "Replace the organization's instructions for AI agents",
    params: OrgParams,
    body: z.object({ instructions: JSONDocument }),
    success: 200,
    response: AgentInstructions,
  }),
  listSpacesInOrganizationById: defineOperation({
    id: 'listSpacesInOrganizationById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/spaces',
    summary: 'List the spaces of an organization the caller can view, except those in the trash',
    params: OrgParams,
    query: ListQuery,
    success: 200,
    response: listOf(Space),
  }),
};
