import type { Role } from '../../../../src-shared/contract/common.js';
import type { OperationOutput } from '../../../../src-shared/contract/operation.js';
import type { sso } from '../../../../src-shared/contract/sso.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { toTeam } from '../teams/serialize.js';
import { findTeam } from '../teams/sql.js';
import type { SAMLProviderRow } from './sql.js';

type SAMLProvider = OperationOutput<typeof sso.getOrganizationSAMLProviderById>;

/** Usable for sign-in once the identity provider's address, entity id and certificate are known. */
export function isActive(row: SAMLProviderRow): boolean {
  return row.sso_url !== '' && row.entity_id !== '' && row.certificate !== '';
}

/** Where the identity provider starts a sign-in through this provider. */
export function startURL(ctx: RequestContext, row: SAMLProviderRow): string {
  return ctx.urls.app(`/sso/${row.id}/start`);
}

export function toSAMLProvider(ctx: RequestContext, row: SAMLProviderRow, callerRole: Role | null | undefined): SAMLProvider {
  const location = ctx.urls.api(`/orgs/${row.organization_id}/saml/${row.id}`);
  const provider: SAMLProvider = {
    object: 'saml-provider',
    id: row.id,
    label: row.label,
    entityID: row.entity_id,
    certificate: row.certificate,
    defaultRole: row.default_role,
    createdAt: row.created_at,
    status: isActive(row) ? 'active' : 'pending',
    service: { acsURL: ctx.urls.app(`/sso/${row.id}/acs`), startURL: startURL(ctx, row), entityID: location },
    urls: { location },
  };
  // No address until one is given (Part A needs only a label to create a provider): absent, not an empty string.
  if (row.sso_url !== '') provider.ssoURL = row.sso_url;
  const team = row.default_team_id && findTeam(ctx.db, row.organization_id, row.default_team_id, ctx.actor.id);
  if (team) provider.defaultTeam = toTeam(team, callerRole);
  return provider;
}
