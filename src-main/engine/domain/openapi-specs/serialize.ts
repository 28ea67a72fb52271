import type { Role } from '../../../../src-shared/contract/common.js';
import type { OperationOutput } from '../../../../src-shared/contract/operation.js';
import type { OpenAPIErrorObject, openapiSpecs } from '../../../../src-shared/contract/openapi-specs.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { can } from './rules.js';
import type { ListedVersionRow, SpecRow, VersionRow } from './sql.js';

type OpenAPISpec = OperationOutput<typeof openapiSpecs.getOpenAPISpecBySlug>;
type OpenAPISpecVersion = OperationOutput<typeof openapiSpecs.getOpenAPISpecVersionById>;
type OpenAPISpecContent = OperationOutput<typeof openapiSpecs.getOpenAPISpecVersionContentById>;

const specPath = (spec: SpecRow) => `/orgs/${spec.organization_id}/openapi/${spec.slug}`;

export function toSpec(ctx: RequestContext, spec: SpecRow, role: Role | null | undefined): OpenAPISpec {
  return {
    object: 'openapi-spec',
    id: spec.id,
    createdAt: spec.created_at,
    updatedAt: spec.updated_at,
    slug: spec.slug,
    ...(spec.source_url !== null ? { sourceURL: spec.source_url } : {}),
    processingState: spec.processing_state,
    visibility: spec.visibility,
    ...(spec.last_version_id !== null ? { lastVersion: spec.last_version_id } : {}),
    ...(spec.last_processed_at !== null
      ? { lastProcessedAt: spec.last_processed_at, lastProcessedErrors: JSON.parse(spec.last_processed_errors) as OpenAPIErrorObject[] }
      : {}),
    ...(spec.last_process_error_code !== null ? { lastProcessErrorCode: spec.last_process_error_code } : {}),
    permissions: { view: can.view(role), edit: can.edit(role) },
    urls: { location: ctx.urls.api(specPath(spec)), app: ctx.urls.app(specPath(spec)) },
  };
}

/**
 * Where a version's specification is reachable: the address it was fetched from, or, for a
 * specification given as text, its content in this API.
 */
function versionURL(ctx: RequestContext, spec: SpecRow, version: ListedVersionRow): string {
  return version.url ?? ctx.urls.api(`${specPath(spec)}/versions/${version.id}/content`);
}

export function toVersion(ctx: RequestContext, spec: SpecRow, version: ListedVersionRow): OpenAPISpecVersion {
  return {
    object: 'openapi-spec-version',
    id: version.id,
    createdAt: version.created_at,
    url: versionURL(ctx, spec, version),
    urls: { location: ctx.urls.api(`${specPath(spec)}/versions/${version.id}`) },
  };
}

/** The version's one file, by name, as parsed: external references are not followed, so there is no other. */
export function toContent(ctx: RequestContext, spec: SpecRow, version: VersionRow): OpenAPISpecContent {
  return { filesystem: { [version.file_name]: JSON.parse(version.document) as unknown }, url: versionURL(ctx, spec, version) };
}
