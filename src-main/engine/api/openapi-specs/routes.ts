import type { openapiSpecs } from '../../../../src-shared/contract/openapi-specs.js';
import { refusedAddress } from '../../services/openapi-processing/fetch-source.js';
import { paginate } from '../../core/pagination.js';
import { badRequest, isFailure, notFound, type Failure, type Handlers, type RequestContext } from '../../core/pipeline/index.js';
import { requireOrganization } from '../../domain/orgs/rules.js';
import { toContent, toSpec, toVersion } from '../../domain/openapi-specs/serialize.js';
import { can, NO_VERSION, requireSpec, type SpecAccess } from '../../domain/openapi-specs/rules.js';
import {
  deleteSpec, findSpec, findSpecById, findVersion, insertSpec, latestVersion, replaceSource, setVisibility, specsOf, versionsOf,
  type ListedVersionRow, type SpecRow, type SpecSource, type VersionRow,
} from '../../domain/openapi-specs/sql.js';

export const openapiSpecsHandlers: Handlers<typeof openapiSpecs> = {
  listOpenAPISpecs(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, can.view);
    if (isFailure(access)) return access;
    const page = paginate<SpecRow>(ctx.db, specsOf(params.organizationId), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((row) => toSpec(ctx, row, access.role)) };
  },

  createOpenAPISpec(ctx, { params, body }) {
    const access = requireOrganization(ctx, params.organizationId, can.edit);
    if (isFailure(access)) return access;
    const refused = refusedSource(ctx, body.source);
    if (refused) return refused;
    if (findSpec(ctx.db, params.organizationId, body.slug)) {
      return badRequest(`body.slug: the organization already has an OpenAPI specification "${body.slug}"; PUT replaces its source`);
    }
    const id = insertSpec(ctx.db, params.organizationId, body.slug, body.source, ctx.now);
    ctx.openapi.enqueueAfterCommit(id);
    return toSpec(ctx, findSpecById(ctx.db, id)!, access.role);
  },

  getOpenAPISpecBySlug(ctx, { params }) {
    const access = requireSpec(ctx, params.organizationId, params.specSlug, can.view);
    if (isFailure(access)) return access;
    return toSpec(ctx, access.spec, access.role);
  },

  createOrUpdateOpenAPISpecBySlug(ctx, { params, body }) {
    const access = requireOrganization(ctx, params.organizationId, can.edit);
    if (isFailure(access)) return access;
    const refused = refusedSource(ctx, body.source);
    if (refused) return refused;
    const existing = findSpec(ctx.db, params.organizationId, params.specSlug);
    const id = existing?.id ?? insertSpec(ctx.db, params.organizationId, params.specSlug, body.source, ctx.now);
    if (existing) replaceSource(ctx.db, id, body.source, ctx.now);
    ctx.openapi.enqueueAfterCommit(id);
    return toSpec(ctx, findSpecById(ctx.db, id)!, access.role);
  },

  deleteOpenAPISpecBySlug(ctx, { params }) {
    const access = requireSpec(ctx, params.organizationId, params.specSlug, can.edit);
    if (isFailure(access)) return access;
    deleteSpec(ctx.db, access.spec.id);
    return undefined;
  },

  updateOpenAPISpecBySlug(ctx, { params, body }) {
    const access = requireSpec(ctx, params.organizationId, params.specSlug, can.edit);
    if (isFailure(access)) return access;
    setVisibility(ctx.db, access.spec.id, body.visibility, ctx.now);
    return toSpec(ctx, findSpecById(ctx.db, access.spec.id)!, access.role);
  },

  listOpenAPISpecVersions(ctx, { params, query }) {
    const access = requireSpec(ctx, params.organizationId, params.specSlug, can.view);
    if (isFailure(access)) return access;
    const page = paginate<ListedVersionRow>(ctx.db, versionsOf(access.spec.id), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((row) => toVersion(ctx, access.spec, row)) };
  },

  getLatestOpenAPISpecVersion(ctx, { params }) {
    const found = latest(ctx, params.organizationId, params.specSlug);
    if (isFailure(found)) return found;
    return toVersion(ctx, found.spec, found.version);
  },

  getLatestOpenAPISpecVersionContent(ctx, { params }) {
    const found = latest(ctx, params.organizationId, params.specSlug);
    if (isFailure(found)) return found;
    return toContent(ctx, found.spec, found.version);
  },

  getOpenAPISpecVersionById(ctx, { params }) {
    const found = byId(ctx, params.organizationId, params.specSlug, params.versionId);
    if (isFailure(found)) return found;
    return toVersion(ctx, found.spec, found.version);
  },

  getOpenAPISpecVersionContentById(ctx, { params }) {
    const found = byId(ctx, params.organizationId, params.specSlug, params.versionId);
    if (isFailure(found)) return found;
    return toContent(ctx, found.spec, found.version);
  },
};

/** An address this server will not fetch is refused at once rather than failing later in processing. */
function refusedSource(ctx: RequestContext, source: SpecSource): Failure | undefined {
  if (!('url' in source)) return undefined;
  const refused = refusedAddress(source.url, ctx.openapi.policy);
  return refused ? badRequest(`body.source.url: ${refused}`) : undefined;
}

type FoundVersion = SpecAccess & { version: VersionRow };

/** A spec that was never processed successfully has no version yet: 404, as for an unknown spec. */
function latest(ctx: RequestContext, organizationId: string, slug: string): FoundVersion | Failure {
  const access = requireSpec(ctx, organizationId, slug, can.view);
  if (isFailure(access)) return access;
  const version = latestVersion(ctx.db, access.spec.id);
  return version ? { ...access, version } : notFound(NO_VERSION);
}

function byId(ctx: RequestContext, organizationId: string, slug: string, versionId: string): FoundVersion | Failure {
  const access = requireSpec(ctx, organizationId, slug, can.view);
  if (isFailure(access)) return access;
  const version = findVersion(ctx.db, access.spec.id, versionId);
  return version ? { ...access, version } : notFound(NO_VERSION);
}
