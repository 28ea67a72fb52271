import type { OperationInput } from '../../../../src-shared/contract/operation.js';
import type { sso } from '../../../../src-shared/contract/sso.js';
import { paginate } from '../../core/pagination.js';
import { badRequest, isFailure, notFound, type Failure, type Handlers, type RequestContext } from '../../core/pipeline/index.js';
import { can, requireOrganization } from '../../domain/orgs/rules.js';
import { findOrganization } from '../../domain/orgs/sql.js';
import { findTeam } from '../../domain/teams/sql.js';
import { isActive, startURL, toSAMLProvider } from '../../domain/sso/serialize.js';
import {
  allProviders, deleteProvider, findProvider, insertProvider, providersOf, updateProvider, type SAMLProviderColumns,
  type SAMLProviderRow,
} from '../../domain/sso/sql.js';

const NO_PROVIDER = 'No matching SAML provider found for given id';

export const ssoHandlers: Handlers<typeof sso> = {
  listSAMLProvidersInOrganizationById(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, can.admin);
    if (isFailure(access)) return access;
    const page = paginate<SAMLProviderRow>(ctx.db, providersOf(params.organizationId), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((row) => toSAMLProvider(ctx, row, access.role)) };
  },

  createOrganizationSAMLProvider(ctx, { params, body }) {
    const access = requireOrganization(ctx, params.organizationId, can.admin);
    if (isFailure(access)) return access;
    const columns = providerColumns(ctx, params.organizationId, body);
    if (isFailure(columns)) return columns;
    const id = insertProvider(ctx.db, params.organizationId, ctx.now, columns);
    return toSAMLProvider(ctx, findProvider(ctx.db, params.organizationId, id)!, access.role);
  },

  getOrganizationSAMLProviderById(ctx, { params }) {
    const access = requireOrganization(ctx, params.organizationId, can.admin);
    if (isFailure(access)) return access;
    const row = findProvider(ctx.db, params.organizationId, params.samlProviderId);
    if (!row) return notFound(NO_PROVIDER);
    return toSAMLProvider(ctx, row, access.role);
  },

  deleteOrganizationSAMLProvider(ctx, { params }) {
    const access = requireOrganization(ctx, params.organizationId, can.admin);
    if (isFailure(access)) return access;
    if (!deleteProvider(ctx.db, params.organizationId, params.samlProviderId)) return notFound(NO_PROVIDER);
    return undefined;
  },

  updateOrganizationSAMLProvider(ctx, { params, body }) {
    const access = requireOrganization(ctx, params.organizationId, can.admin);
    if (isFailure(access)) return access;
    if (!findProvider(ctx.db, params.organizationId, params.samlProviderId)) return notFound(NO_PROVIDER);
    const columns = providerColumns(ctx, params.organizationId, body);
    if (isFailure(columns)) return columns;
    updateProvider(ctx.db, params.samlProviderId, columns);
    return toSAMLProvider(ctx, findProvider(ctx.db, params.organizationId, params.samlProviderId)!, access.role);
  },

  listSSOProviderLoginsInOrganization(ctx, { params }) {
    // A sign-in aid: anyone signed in may ask, member or not.
    if (!findOrganization(ctx.db, params.organizationId)) return notFound('No matching organization found for given id');
    const active = allProviders(ctx.db, params.organizationId).filter(isActive);
    return { items: active.map((row) => ({ id: row.id, label: row.label, startURL: startURL(ctx, row) })) };
  },
};

type ProviderInput = OperationInput<typeof sso.updateOrganizationSAMLProvider>['body'];

/** The columns a create or update sets; the default team must be one of the organization's. */
function providerColumns(ctx: RequestContext, organizationId: string, body: ProviderInput): SAMLProviderColumns | Failure {
  const columns: SAMLProviderColumns = {};
  if (body.label !== undefined) columns.label = body.label;
  if (body.entityID !== undefined) columns.entity_id = body.entityID;
  if (body.certificate !== undefined) columns.certificate = body.certificate;
  if (body.ssoURL !== undefined) columns.sso_url = body.ssoURL;
  if (body.defaultRole !== undefined) columns.default_role = body.defaultRole;
  if (body.defaultTeam !== undefined) {
    if (!findTeam(ctx.db, organizationId, body.defaultTeam, ctx.actor.id)) {
      return badRequest(`body.defaultTeam: ${body.defaultTeam} is not a team of the organization`);
    }
    columns.default_team_id = body.defaultTeam;
  }
  return columns;
}
