import type { Role } from '../../../../src-shared/contract/common.js';
import { roleAtLeast } from '../../../../src-shared/roles.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { isFailure, notFound, type Failure } from '../../core/pipeline/failure.js';
import { can as canInOrganization, requireOrganization, type OrganizationAccess } from '../orgs/rules.js';
import { findSpec, type SpecRow } from './sql.js';

/**
 * Specs belong to the organization: its members read them, and those who may create content
 * (`permissions.createOpenAPISpec`) create, replace, delete them and set their visibility.
 * Guests see only what they were given, and no spec is given to anyone.
 */
export const can = {
  view: (role: Role | null | undefined) => roleAtLeast(role, 'read'),
  edit: (role: Role | null | undefined) => canInOrganization.createContent(role),
};

export const NO_SPEC = 'No matching OpenAPI specification found';
export const NO_VERSION = 'No matching OpenAPI specification version found';

export interface SpecAccess extends OrganizationAccess {
  spec: SpecRow;
}

/** The organization (404), the caller's role (403), then the spec by slug (404). */
export function requireSpec(
  ctx: RequestContext,
  organizationId: string,
  slug: string,
  allowed: (role: Role | null | undefined) => boolean,
): SpecAccess | Failure {
  const access = requireOrganization(ctx, organizationId, allowed);
  if (isFailure(access)) return access;
  const spec = findSpec(ctx.db, organizationId, slug);
  if (!spec) return notFound(NO_SPEC);
  return { ...access, spec };
}
