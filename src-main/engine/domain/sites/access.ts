import { findMembership } from '../access/membership.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { isFailure, notFound, type Failure } from '../../core/pipeline/failure.js';
import { can as spaceCan, requireSpace } from '../spaces/rules.js';
import type { SpaceRow } from '../spaces/sql.js';
import { SitePresenter } from './present.js';
import type { SiteRow } from './sql.js';

/** Presents a site's rows for the caller. */
export function presenterFor(ctx: RequestContext, site: SiteRow): SitePresenter {
  return new SitePresenter(ctx, site, findMembership(ctx.db, site.organization_id, ctx.actor.id));
}

/** A space of the site's organization, out of the trash, that the caller may view. */
export function spaceForSite(ctx: RequestContext, site: SiteRow, spaceId: string): SpaceRow | Failure {
  const access = requireSpace(ctx, spaceId, spaceCan.view);
  if (isFailure(access)) return access;
  if (access.row.organization_id !== site.organization_id) return notFound('No matching Space found for given ID');
  return access.row;
}
