import type { siteSectionGroups } from '../../../../src-shared/contract/site-section-groups.js';
import { paginate } from '../../core/pagination.js';
import { isFailure, notFound, type Handlers } from '../../core/pipeline/index.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { findSection } from '../../domain/site-sections/sql.js';
import { presenterFor } from '../../domain/sites/access.js';
import { siblings } from '../../domain/sites/order.js';
import { createdAt, deprecatedMove, siteItemLocation } from '../../domain/sites/replies.js';
import { can, requireSite } from '../../domain/sites/rules.js';
import type { SiteRow } from '../../domain/sites/sql.js';
import { moveStructureItem, reparent } from '../../domain/sites/structure.js';
import { deleteGroup, findGroup, groupsOf, insertGroup, updateGroup, type SiteSectionGroupRow } from '../../domain/site-section-groups/sql.js';

const MISSING = 'No matching site section group found';
const MISSING_SECTION = 'No matching site section found';

export const siteSectionGroupsHandlers: Handlers<typeof siteSectionGroups> = {
  listSiteSectionGroups(ctx, { params, query }) {
    const access = requireSite(ctx, params, can.view);
    if (isFailure(access)) return access;
    const page = paginate<SiteSectionGroupRow>(ctx.db, groupsOf(access.site.id), query);
    if (isFailure(page)) return page;
    const presenter = presenterFor(ctx, access.site);
    return { ...page, items: page.items.map((row) => presenter.group(row)) };
  },

  addSectionGroupToSite(ctx, { params, body }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const site = access.site;
    if (body.parent !== undefined && !findGroup(ctx.db, site.id, body.parent)) return notFound(MISSING);
    const sections = (body.sections ?? []).map((id) => findSection(ctx.db, site.id, id));
    if (sections.some((section) => !section)) return notFound(MISSING_SECTION);
    const id = insertGroup(ctx.db, { site_id: site.id, parent_id: body.parent ?? null, title: body.title, icon: body.icon ?? null }, ctx.now);
    for (const section of sections) reparent(ctx.db, site.id, { type: 'site-section', id: section!.id }, id);
    return createdAt(present(ctx, site, id), siteItemLocation(ctx, site, `section-groups/${id}`));
  },

  deleteSiteSectionGroupById(ctx, { params }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const group = findGroup(ctx.db, access.site.id, params.siteSectionGroupId);
    if (!group) return notFound(MISSING);
    const children = siblings(ctx.db, { kind: 'sections', siteId: access.site.id, groupId: group.id });
    for (const child of children) reparent(ctx.db, access.site.id, child, group.parent_id);
    deleteGroup(ctx.db, group.id);
    return undefined;
  },

  updateSiteSectionGroupById(ctx, { params, body }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const group = findGroup(ctx.db, access.site.id, params.siteSectionGroupId);
    if (!group) return notFound(MISSING);
    const columns: { title?: string; icon?: string | null } = {};
    if (body.title !== undefined) columns.title = body.title;
    if (body.icon !== undefined) columns.icon = body.icon;
    updateGroup(ctx.db, group.id, columns);
    return present(ctx, access.site, group.id);
  },

  addSectionToGroup(ctx, { params, body }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const group = findGroup(ctx.db, access.site.id, params.siteSectionGroupId);
    if (!group) return notFound(MISSING);
    const section = findSection(ctx.db, access.site.id, body.sectionId);
    if (!section) return notFound(MISSING_SECTION);
    if (section.group_id !== group.id) reparent(ctx.db, access.site.id, { type: 'site-section', id: section.id }, group.id);
    return createdAt(present(ctx, access.site, group.id), siteItemLocation(ctx, access.site, `section-groups/${group.id}`));
  },

  removeSectionFromGroup(ctx, { params }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const group = findGroup(ctx.db, access.site.id, params.siteSectionGroupId);
    if (!group) return notFound(MISSING);
    const section = findSection(ctx.db, access.site.id, params.siteSectionId);
    if (!section) return notFound(MISSING_SECTION);
    if (section.group_id !== group.id) return notFound('The section is not part of the group');
    reparent(ctx.db, access.site.id, { type: 'site-section', id: section.id }, null);
    return undefined;
  },

  moveSiteSectionGroup(ctx, { params, body }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const position = { before: body?.position?.before, after: body?.position?.after };
    const item = { type: 'site-section-group' as const, id: params.siteSectionGroupId };
    const moved = moveStructureItem(ctx.db, access.site.id, item, position, {
      missing: MISSING,
      invalid: 'Invalid move site section group position provided',
    });
    if (moved) return moved;
    return deprecatedMove(ctx, access.site, present(ctx, access.site, item.id));
  },
};

function present(ctx: RequestContext, site: SiteRow, groupId: string) {
  return presenterFor(ctx, site).group(findGroup(ctx.db, site.id, groupId)!);
}
