import type { z } from 'zod';
import type { siteSections } from '../../../../src-shared/contract/site-sections.js';
import { freeSlug, slugFromTitle } from '../../domain/content/slugs.js';
import type { Database } from '../../core/db/database.js';
import { paginate } from '../../core/pagination.js';
import { badRequest, conflict, isFailure, notFound, type Handlers } from '../../core/pipeline/index.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { DEFAULT_TITLE } from '../../domain/content-tree/create.js';
import { findSiteSpace, siteSpacesIn } from '../../domain/site-spaces/sql.js';
import { presenterFor, spaceForSite } from '../../domain/sites/access.js';
import { spaceOf } from '../../domain/sites/present.js';
import { chooseDefault, siteSpacesScope } from '../../domain/sites/defaults.js';
import { addSiteSpace } from '../../domain/sites/placing.js';
import { createdAt, deprecatedMove, siteItemLocation } from '../../domain/sites/replies.js';
import { can, requireAudience, requireSite } from '../../domain/sites/rules.js';
import type { SiteRow } from '../../domain/sites/sql.js';
import { moveStructureItem } from '../../domain/sites/structure.js';
import {
  deleteSection, findSection, hasSections, insertSection, sectionPaths, sectionsOf, updateSection,
  type SiteSectionColumns, type SiteSectionRow,
} from '../../domain/site-sections/sql.js';

const MISSING = 'No matching site section found';

export const siteSectionsHandlers: Handlers<typeof siteSections> = {
  listSiteSections(ctx, { params, query }) {
    const access = requireAudience(ctx, params, query.shareKey);
    if (isFailure(access)) return access;
    const page = paginate<SiteSectionRow>(ctx.db, sectionsOf(access.site.id), query);
    if (isFailure(page)) return page;
    const presenter = presenterFor(ctx, access.site);
    return { ...page, items: page.items.map((row) => presenter.section(row)) };
  },

  addSectionToSite(ctx, { params, body }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const space = spaceForSite(ctx, access.site, body.spaceId);
    if (isFailure(space)) return space;
    gatherRootSiteSpaces(ctx, access.site);
    const id = newSection(ctx.db, access.site.id, body.title ?? sectionTitle(space.title), body.icon ?? null, ctx.now);
    addSiteSpace(ctx.db, access.site.id, id, space, ctx.now);
    const section = presenterFor(ctx, access.site).section(findSection(ctx.db, access.site.id, id)!);
    return createdAt(section, siteItemLocation(ctx, access.site, `sections/${id}`));
  },

  deleteSiteSectionById(ctx, { params }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const row = findSection(ctx.db, access.site.id, params.siteSectionId);
    if (!row) return notFound(MISSING);
    deleteSection(ctx.db, row);
    return undefined;
  },

  updateSiteSectionById(ctx, { params, body }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const row = findSection(ctx.db, access.site.id, params.siteSectionId);
    if (!row) return notFound(MISSING);
    const columns = sectionColumns(ctx.db, row, body);
    if (isFailure(columns)) return columns;
    if (body.defaultSiteSpace !== undefined) {
      const chosen = findSiteSpace(ctx.db, access.site.id, body.defaultSiteSpace);
      if (!chosen) return notFound('No matching site space found');
      if (chosen.section_id !== row.id) return badRequest('body.defaultSiteSpace: the site space is not in this section');
      chooseDefault(ctx.db, siteSpacesScope(access.site.id, row.id), chosen.id);
    }
    updateSection(ctx.db, row.id, columns);
    return presenterFor(ctx, access.site).section(findSection(ctx.db, access.site.id, row.id)!);
  },

  moveSiteSection(ctx, { params, body }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const pointer = (p: { siteSection: string } | undefined) =>
      p ? { type: 'site-section' as const, id: p.siteSection } : undefined;
    const position = { before: pointer(body?.position?.before), after: pointer(body?.position?.after) };
    const item = { type: 'site-section' as const, id: params.siteSectionId };
    const moved = moveStructureItem(ctx.db, access.site.id, item, position, {
      missing: MISSING,
      invalid: 'Invalid move site section position provided',
    });
    if (moved) return moved;
    return deprecatedMove(ctx, access.site, presenterFor(ctx, access.site).section(findSection(ctx.db, access.site.id, item.id)!));
  },
};

/** A section's title from its space's: section titles take at least two characters. */
function sectionTitle(spaceTitle: string): string {
  return spaceTitle.length >= 2 ? spaceTitle.slice(0, 128) : DEFAULT_TITLE;
}

function newSection(db: Database, siteId: string, title: string, icon: string | null, now: string): string {
  const path = freeSlug(slugFromTitle(title), sectionPaths(db, siteId));
  return insertSection(db, { site_id: siteId, title, path, icon }, now);
}

/**
 * A site's first section starts by gathering the site spaces already at its root into a section
 * of their own, named after the default one's space, so that no site space is left outside.
 */
function gatherRootSiteSpaces(ctx: RequestContext, site: SiteRow): void {
  if (hasSections(ctx.db, site.id)) return;
  const root = siteSpacesIn(ctx.db, site.id, null);
  const lead = root.find((row) => row.is_default === 1);
  if (!lead) return;
  const title = sectionTitle(spaceOf(ctx.db, lead.space_id).title);
  const id = newSection(ctx.db, site.id, title, null, ctx.now);
  ctx.db.run('UPDATE site_spaces SET section_id = ? WHERE site_id = ? AND section_id IS NULL', id, site.id);
}

function sectionColumns(
  db: Database,
  row: SiteSectionRow,
  body: z.output<typeof siteSections.updateSiteSectionById.body>,
) {
  const columns: SiteSectionColumns = {};
  if (body.path !== undefined && body.path !== row.path) {
    if (sectionPaths(db, row.site_id).has(body.path)) return conflict('body.path: another section of the site has this path');
    columns.path = body.path;
  }
  if (body.title !== undefined) columns.title = body.title;
  if (body.condition !== undefined) columns.condition = body.condition;
  if (body.icon !== undefined) columns.icon = body.icon;
  if (body.description !== undefined) columns.description = body.description;
  return columns;
}
