import type { z } from 'zod';
import type { siteSpaces } from '../../../../src-shared/contract/site-spaces.js';
import { paginate } from '../../core/pagination.js';
import { conflict, isFailure, notFound, type Handlers } from '../../core/pipeline/index.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { defaultSection, findSection } from '../../domain/site-sections/sql.js';
import { presenterFor, spaceForSite } from '../../domain/sites/access.js';
import { createdAt, deprecatedMove, siteItemLocation } from '../../domain/sites/replies.js';
import { addSiteSpace } from '../../domain/sites/placing.js';
import { can, requireAudience, requireSite } from '../../domain/sites/rules.js';
import type { SiteRow } from '../../domain/sites/sql.js';
import { moveStructureItem } from '../../domain/sites/structure.js';
import {
  deleteSiteSpace, findSiteSpace, siteSpacePaths, siteSpacesOf, updateSiteSpace, type SiteSpaceColumns, type SiteSpaceRow,
} from '../../domain/site-spaces/sql.js';

const MISSING = 'No matching site space found';

export const siteSpacesHandlers: Handlers<typeof siteSpaces> = {
  listSiteSpaces(ctx, { params, query }) {
    const access = requireAudience(ctx, params, query.shareKey);
    if (isFailure(access)) return access;
    const page = paginate<SiteSpaceRow>(ctx.db, siteSpacesOf(access.site.id, query.default), query);
    if (isFailure(page)) return page;
    const presenter = presenterFor(ctx, access.site);
    return { ...page, items: page.items.map((row) => presenter.siteSpace(row)) };
  },

  addSpaceToSite(ctx, { params, body }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const space = spaceForSite(ctx, access.site, body.spaceId);
    if (isFailure(space)) return space;
    const section = body.sectionId === undefined
      ? defaultSection(ctx.db, access.site.id)
      : findSection(ctx.db, access.site.id, body.sectionId);
    if (body.sectionId !== undefined && !section) return notFound('No matching site section found');
    const id = addSiteSpace(ctx.db, access.site.id, section?.id ?? null, space, ctx.now);
    const siteSpace = presenterFor(ctx, access.site).siteSpace(findSiteSpace(ctx.db, access.site.id, id)!);
    return createdAt(siteSpace, siteItemLocation(ctx, access.site, `site-spaces/${id}`));
  },

  deleteSiteSpaceById(ctx, { params }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const row = findSiteSpace(ctx.db, access.site.id, params.siteSpaceId);
    if (!row) return notFound(MISSING);
    deleteSiteSpace(ctx.db, row);
    return undefined;
  },

  updateSiteSpaceById(ctx, { params, body }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const row = findSiteSpace(ctx.db, access.site.id, params.siteSpaceId);
    if (!row) return notFound(MISSING);
    const columns = siteSpaceColumns(ctx, access.site, row, body);
    if (isFailure(columns)) return columns;
    updateSiteSpace(ctx.db, row.id, columns);
    return presenterFor(ctx, access.site).siteSpace(findSiteSpace(ctx.db, access.site.id, row.id)!);
  },

  moveSiteSpace(ctx, { params, body }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const pointer = (p: { siteSpace: string } | undefined) => (p ? { type: 'site-space' as const, id: p.siteSpace } : undefined);
    const position = { before: pointer(body?.position?.before), after: pointer(body?.position?.after) };
    const item = { type: 'site-space' as const, id: params.siteSpaceId };
    const moved = moveStructureItem(ctx.db, access.site.id, item, position, {
      missing: MISSING,
      invalid: 'Invalid move site space position provided',
    });
    if (moved) return moved;
    const siteSpace = presenterFor(ctx, access.site).siteSpace(findSiteSpace(ctx.db, access.site.id, item.id)!);
    return deprecatedMove(ctx, access.site, siteSpace);
  },
};

function siteSpaceColumns(
  ctx: RequestContext,
  site: SiteRow,
  row: SiteSpaceRow,
  body: z.output<typeof siteSpaces.updateSiteSpaceById.body>,
) {
  const columns: SiteSpaceColumns = {};
  if (body.path !== undefined && body.path !== row.path) {
    if (siteSpacePaths(ctx.db, site.id, row.section_id).has(body.path)) {
      return conflict('body.path: another site space of the same section has this path');
    }
    columns.path = body.path;
  }
  if (body.condition !== undefined) columns.condition = body.condition;
  if (body.hidden !== undefined) columns.hidden = body.hidden ? 1 : 0;
  if (body.spaceId !== undefined) {
    const space = spaceForSite(ctx, site, body.spaceId);
    if (isFailure(space)) return space;
    columns.space_id = space.id;
  }
  return columns;
}
