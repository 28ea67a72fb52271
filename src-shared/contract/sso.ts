import { z } from 'zod';
import { EntityId, ListQuery, RoleOrGuest, Timestamp, Url, listOf } from './common.js';
import { defineOperation } from './operation.js';
import { orgs } from './orgs.js';
import { Team } from './teams.js';

const OrgParams = orgs.getOrganizationById.params;
const ProviderParams = OrgParams.extend({ samlProviderId: EntityId });

const SAMLProviderLabel = z.string().min(1).max(30).meta({ id: 'SAMLProviderLabel' });
const SAMLProviderEntityID = z.string().max(1024).meta({ id: 'SAMLProviderEntityID' });
const SAMLProviderCertificate = z.string().max(10000).meta({ id: 'SAMLProviderCertificate' });

/** `active` once the identity provider's address, entity id and certificate are all set. */
const SAMLProviderStatus = z.enum(['active', 'pending']).meta({ id: 'SAMLProviderStatus' });

export const SAMLProvider = z
  .object({
    object: z.literal('saml-provider'),
    id: z.string(),
    label: z.string(),
    /** The identity provider's sign-in address: absent until one is given (docs/decisions.md). */
    ssoURL: Url.optional(),
    /** Empty strings until configured. */
    entityID: z.string(),
    certificate: z.string(),
    defaultTeam: Team.optional(),
    defaultRole: RoleOrGuest,
    createdAt: Timestamp,
    status: SAMLProviderStatus,
    /** What the identity provider needs to know about us. */
    service: z.object({ acsURL: z.string(), startURL: z.string(), entityID: z.string() }),
    urls: z.object({ location: z.string() }),
  })
  .meta({ id: 'OrganizationSAMLProvider' });

export const SSOProviderLogin = z
  .object({ id: z.string(), label: z.string(), startURL: z.string() })
  .meta({ id: 'OrganizationSSOProviderLogin' });

const ProviderFields = z.object({
  label: SAMLProviderLabel,
  entityID: SAMLProviderEntityID.optional(),
  certificate: SAMLProviderCertificate.optional(),
  ssoURL: Url.optional(),
  /** A team of the organization that members signing in through this provider join. */
  defaultTeam: z.string().optional(),
  defaultRole: RoleOrGuest.optional(),
});

export const sso = {
  listSAMLProvidersInOrganizationById: defineOperation({
    id: 'listSAMLProvidersInOrganizationById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/saml',
    summary: 'List the SAML providers of an organization',
    params: OrgParams,
    query: ListQuery,
    success: 200,
    response: listOf(SAMLProvider),
  }),
  createOrganizationSAMLProvider: defineOperation({
    id: 'createOrganizationSAMLProvider',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/saml',
    summary: 'Create a SAML provider',
    params: OrgParams,
    body: ProviderFields,
    success: 201,
    response: SAMLProvider,
  }),
  getOrganizationSAMLProviderById: defineOperation({
    id: 'getOrganizationSAMLProviderById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/saml/{samlProviderId}',
    summary: 'Get a SAML provider',
    params: ProviderParams,
    success: 200,
    response: SAMLProvider,
  }),
  deleteOrganizationSAMLProvider: defineOperation({
    id: 'deleteOrganizationSAMLProvider',
    method: 'DELETE',
    path: '/v1/orgs/{organizationId}/saml/{samlProviderId}',
    summary: 'Delete a SAML provider',
    params: ProviderParams,
    success: 204,
  }),
  updateOrganizationSAMLProvider: defineOperation({
    id: 'updateOrganizationSAMLProvider',
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/saml/{samlProviderId}',
    summary: 'Update a SAML provider',
    params: ProviderParams,
    body: ProviderFields.partial(),
    success: 200,
    response: SAMLProvider,
  }),
  listSSOProviderLoginsInOrganization: defineOperation({
    id: 'listSSOProviderLoginsInOrganization',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sso',
    summary: 'List the sign-in addresses of the active SSO providers; open to any signed-in user',
    params: OrgParams,
    success: 200,
    response: z.object({ items: z.array(SSOProviderLogin) }),
  }),
};
