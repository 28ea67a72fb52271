import type { Role } from '../../../../src-shared/contract/common.js';
import { roleAtLeast } from '../../../../src-shared/roles.js';
import { contentRole } from '../access/content-role.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { badRequest, isFailure, notFound, type Failure } from '../../core/pipeline/failure.js';
import { can as canInOrganization, requireOrganization, type OrganizationAccess } from '../orgs/rules.js';
import { can as canOnSpace } from '../spaces/rules.js';
import { findSpace, type SpaceRow } from '../spaces/sql.js';
import { findTranslation, type ListedTranslationRow } from './sql.js';

/**
 * Translations belong to the organization: its members read them; those who may create content
 * create, change, run and delete them (a run creates a space). Guests get nothing: no grant
 * reaches a translation. Creating one also takes read access to its source space.
 */
export const can = {
  view: (role: Role | null | undefined) => roleAtLeast(role, 'read'),
  edit: (role: Role | null | undefined) => canInOrganization.createContent(role),
};

export const NO_TRANSLATION = 'No matching translation found';

export interface TranslationAccess extends OrganizationAccess {
  translation: ListedTranslationRow;
}

/** The organization (404), the caller's role (403), then the translation (404). */
export function requireTranslation(
  ctx: RequestContext,
  organizationId: string,
  translationId: string,
  allowed: (role: Role | null | undefined) => boolean,
): TranslationAccess | Failure {
  const access = requireOrganization(ctx, organizationId, allowed);
  if (isFailure(access)) return access;
  const translation = findTranslation(ctx.db, organizationId, translationId);
  if (!translation) return notFound(NO_TRANSLATION);
  return { ...access, translation };
}

/** A space of the organization, out of the trash, that the caller can read; a 400 naming the field otherwise. */
export function readableSource(ctx: RequestContext, access: OrganizationAccess, spaceId: string): SpaceRow | Failure {
  const space = findSpace(ctx.db, spaceId, ctx.now);
  const readable = space && space.deleted_at === null && space.organization_id === access.organization.id
    && canOnSpace.view(contentRole(ctx.db, space, access.membership));
  return readable ? space : badRequest(`body.source.space: no space ${spaceId} you can read in this organization`);
}
