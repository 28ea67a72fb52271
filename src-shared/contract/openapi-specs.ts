import { z } from 'zod';
import { ListQuery, Timestamp, Url, listOf } from './common.js';
import { defineOperation } from './operation.js';
import { orgs } from './orgs.js';

/** OpenAPI specifications of an organization and their versions (Part B, "OpenAPI specs"; docs/openapi-specs.md). */

export const OPENAPI_SLUG_PATTERN = /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/;

export const OpenAPISpecSlug = z
  .string()
  .min(1)
  .max(100)
  .regex(OPENAPI_SLUG_PATTERN, 'must be letters and digits in words joined by single "-"')
  .meta({ id: 'OpenAPISpecSlug' });

export const OpenAPISpecProcessingState = z.enum(['pending', 'progress', 'complete']).meta({ id: 'OpenAPISpecProcessingState' });
export type OpenAPISpecProcessingState = z.infer<typeof OpenAPISpecProcessingState>;

export const OpenAPISpecProcessingErrorCode = z
  .enum(['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR'])
  .meta({ id: 'OpenAPISpecProcessingErrorCode' });
export type OpenAPISpecProcessingErrorCode = z.infer<typeof OpenAPISpecProcessingErrorCode>;

export const OpenAPISpecVisibility = z.enum(['private', 'public']).meta({ id: 'OpenAPISpecVisibility' });

export const OpenAPIErrorObject = z.object({ message: z.string(), code: z.string().optional() }).meta({ id: 'OpenAPIErrorObject' });
export type OpenAPIErrorObject = z.infer<typeof OpenAPIErrorObject>;

/** Where the specification comes from: an address Folio fetches, or the specification itself. */
/** A specification sent as text may be large (a whole API's description). */
const MAX_SPEC_BODY_BYTES = 16 * 1024 * 1024;

export const OpenAPISpecSource = z
  .union([z.object({ url: Url }), z.object({ text: z.string().min(1) })])
  .meta({ id: 'OpenAPISpecSource' });

export const OpenAPISpec = z
  .object({
    object: z.literal('openapi-spec'),
    id: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    slug: z.string(),
    sourceURL: z.string().optional(),
    processingState: OpenAPISpecProcessingState,
    visibility: OpenAPISpecVisibility.optional(),
    lastVersion: z.string().optional(),
    lastProcessedAt: Timestamp.optional(),
    lastProcessErrorCode: OpenAPISpecProcessingErrorCode.optional(),
    lastProcessedErrors: z.array(OpenAPIErrorObject).optional(),
    permissions: z.object({ view: z.boolean(), edit: z.boolean() }),
    urls: z.object({ location: z.string(), app: z.string(), published: z.string().optional() }),
  })
  .meta({ id: 'OpenAPISpec' });

export const OpenAPISpecVersion = z
  .object({
    object: z.literal('openapi-spec-version'),
    id: z.string(),
    createdAt: Timestamp,
    url: z.string(),
    urls: z.object({ location: z.string() }),
  })
  .meta({ id: 'OpenAPISpecVersion' });

/** 0.146.0's shape, as the documents have it: the specification's files by name, and where it is reachable. */
export const OpenAPISpecContent = z
  .object({ filesystem: z.record(z.string(), z.unknown()), url: z.string() })
  .meta({ id: 'OpenAPISpecContent' });

const OrgParams = orgs.getOrganizationById.params;
const SpecParams = OrgParams.extend({ specSlug: z.string().min(1) });
const VersionParams = SpecParams.extend({ versionId: z.string().min(1) });
const BASE = '/v1/orgs/{organizationId}/openapi';

export const openapiSpecs = {
  listOpenAPISpecs: defineOperation({
    id: 'listOpenAPISpecs',
    method: 'GET',
    path: BASE,
    summary: 'List the OpenAPI specifications of an organization',
    params: OrgParams,
    query: ListQuery,
    success: 200,
    response: listOf(OpenAPISpec),
  }),
  createOpenAPISpec: defineOperation({
    id: 'createOpenAPISpec',
    method: 'POST',
    path: BASE,
    summary: 'Create an OpenAPI specification; it is fetched and processed in the background',
    params: OrgParams,
    body: z.object({ slug: OpenAPISpecSlug, source: OpenAPISpecSource }),
    maxBodyBytes: MAX_SPEC_BODY_BYTES,
    success: 201,
    response: OpenAPISpec,
  }),
  getOpenAPISpecBySlug: defineOperation({
    id: 'getOpenAPISpecBySlug',
    method: 'GET',
    path: `${BASE}/{specSlug}`,
    summary: 'Get an OpenAPI specification',
    params: SpecParams,
    success: 200,
    response: OpenAPISpec,
  }),
  createOrUpdateOpenAPISpecBySlug: defineOperation({
    id: 'createOrUpdateOpenAPISpecBySlug',
    method: 'PUT',
    path: `${BASE}/{specSlug}`,
    summary: "Create an OpenAPI specification, or replace an existing one's source; either is processed again",
    params: OrgParams.extend({ specSlug: OpenAPISpecSlug }),
    body: z.object({ source: OpenAPISpecSource }),
    maxBodyBytes: MAX_SPEC_BODY_BYTES,
    success: 200,
    response: OpenAPISpec,
  }),
  deleteOpenAPISpecBySlug: defineOperation({
    id: 'deleteOpenAPISpecBySlug',
    method: 'DELETE',
    path: `${BASE}/{specSlug}`,
    summary: 'Delete an OpenAPI specification and its versions',
    params: SpecParams,
    success: 204,
  }),
  updateOpenAPISpecBySlug: defineOperation({
    id: 'updateOpenAPISpecBySlug',
    method: 'PATCH',
    path: `${BASE}/{specSlug}`,
    summary: "Set an OpenAPI specification's visibility",
    params: SpecParams,
    body: z.object({ visibility: OpenAPISpecVisibility }),
    success: 200,
    response: OpenAPISpec,
  }),
  listOpenAPISpecVersions: defineOperation({
    id: 'listOpenAPISpecVersions',
    method: 'GET',
    path: `${BASE}/{specSlug}/versions`,
    summary: 'List the versions of an OpenAPI specification, newest first',
    params: SpecParams,
    query: ListQuery,
    success: 200,
    response: listOf(OpenAPISpecVersion),
  }),
  getLatestOpenAPISpecVersion: defineOperation({
    id: 'getLatestOpenAPISpecVersion',
    method: 'GET',
    path: `${BASE}/{specSlug}/versions/latest`,
    summary: 'Get the latest version of an OpenAPI specification',
    params: SpecParams,
    success: 200,
    response: OpenAPISpecVersion,
  }),
  getLatestOpenAPISpecVersionContent: defineOperation({
    id: 'getLatestOpenAPISpecVersionContent',
    method: 'GET',
    path: `${BASE}/{specSlug}/versions/latest/content`,
    summary: 'Get the content of the latest version of an OpenAPI specification',
    params: SpecParams,
    success: 200,
    response: OpenAPISpecContent,
  }),
  getOpenAPISpecVersionById: defineOperation({
    id: 'getOpenAPISpecVersionById',
    method: 'GET',
    path: `${BASE}/{specSlug}/versions/{versionId}`,
    summary: 'Get a version of an OpenAPI specification',
    params: VersionParams,
    success: 200,
    response: OpenAPISpecVersion,
  }),
  getOpenAPISpecVersionContentById: defineOperation({
    id: 'getOpenAPISpecVersionContentById',
    method: 'GET',
    path: `${BASE}/{specSlug}/versions/{versionId}/content`,
    summary: 'Get the content of a version of an OpenAPI specification',
    params: VersionParams,
    success: 200,
    response: OpenAPISpecContent,
  }),
};
