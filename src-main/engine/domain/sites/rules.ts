import { createHash, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { Role } from '../../../../src-shared/contract/common.js';
import type { SitePermissions } from '../../../../src-shared/contract/sites.js';
import { roleAtLeast } from '../../../../src-shared/roles.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { forbidden, isFailure, notFound, type Failure } from '../../core/pipeline/failure.js';
import { requireOrganization } from '../orgs/rules.js';
import { findSite, type SiteRow } from './sql.js';

type OrgRole = Role | null | undefined;

/**
 * What an organization role allows on its sites (docs/sites.md): members read them, `create`
 * arranges their structure, admins change settings, visibility and publication.
 */
export const can = {
  view: (role: OrgRole) => roleAtLeast(role, 'read'),
  edit: (role: OrgRole) => roleAtLeast(role, 'edit'),
  arrange: (role: OrgRole) => roleAtLeast(role, 'create'),
  admin: (role: OrgRole) => role === 'admin',
};

export function sitePermissions(role: OrgRole): z.infer<typeof SitePermissions> {
  return {
    view: can.view(role),
    access: can.view(role),
    edit: can.edit(role),
    create: can.arrange(role),
    admin: can.admin(role),
    installIntegration: can.admin(role),
    viewAdaptiveSchema: can.view(role),
    editAdaptiveSchema: can.admin(role),
  };
}

export interface SiteAccess {
  site: SiteRow;
  role: OrgRole;
}

/** Loads a site of an organization and checks the caller's organization role (404, then 403). */
export function requireSite(
  ctx: RequestContext,
  params: { organizationId: string; siteId: string },
  allowed: (role: OrgRole) => boolean,
): SiteAccess | Failure {
  const access = requireOrganization(ctx, params.organizationId, () => true);
  if (isFailure(access)) return access;
  const site = findSite(ctx.db, params.organizationId, params.siteId);
  if (!site) return notFound('No matching site found for given id');
  if (!allowed(access.role)) return forbidden();
  return { site, role: access.role };
}

/**
 * Reading what a visitor reads: members who may view the site, and anyone the published site's
 * audience admits without claims (public and unlisted sites; share-link sites with their key).
 */
export function requireAudience(
  ctx: RequestContext,
  params: { organizationId: string; siteId: string },
  shareKey: string | undefined,
): SiteAccess | Failure {
  const access = requireSite(ctx, params, () => true);
  if (isFailure(access)) return access;
  if (can.view(access.role) || admitsVisitor(access.site, shareKey)) return access;
  return forbidden();
}

function admitsVisitor(site: SiteRow, shareKey: string | undefined): boolean {
  if (site.published !== 1) return false;
  if (site.visibility === 'public' || site.visibility === 'unlisted') return true;
  return site.visibility === 'share-link' && shareKey !== undefined && sameSecret(shareKey, site.share_key);
}

/** Compares digests in constant time, so the time taken tells nothing about the key. */
function sameSecret(given: string, secret: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}
