import type { z } from 'zod';
import type { Role } from '../../../../src-shared/contract/common.js';
import type { sites } from '../../../../src-shared/contract/sites.js';
import { findMembership } from '../../domain/access/membership.js';
import { paginate } from '../../core/pagination.js';
import { badRequest, isFailure, notFound, type Handlers } from '../../core/pipeline/index.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { DEFAULT_TITLE, created } from '../../domain/content-tree/create.js';
import { requireOrganization } from '../../domain/orgs/rules.js';
import { findSection } from '../../domain/site-sections/sql.js';
import { findSiteSpace } from '../../domain/site-spaces/sql.js';
import { checkAdaptiveSchema, templateConditions } from '../../domain/sites/adaptive-schema.js';
import { presenterFor, spaceForSite } from '../../domain/sites/access.js';
import { chooseDefault, sectionsScope, siteSpacesScope } from '../../domain/sites/defaults.js';
import { placeItemPointer, sortMessages, sortPosition } from '../../domain/sites/sort.js';
import { addSiteSpace } from '../../domain/sites/placing.js';
import { publishedStructure } from '../../domain/sites/published.js';
import { can, requireAudience, requireSite } from '../../domain/sites/rules.js';
import { moveStructureItem } from '../../domain/sites/structure.js';
import { deleteSite, findSite, insertSite, secret, sitesOf, updateSite, type SiteColumns, type SiteRow } from '../../domain/sites/sql.js';

type UpdateBody = z.output<typeof sites.updateSiteById.body>;

export const sitesHandlers: Handlers<typeof sites> = {
  listSites(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, can.view);
    if (isFailure(access)) return access;
    const page = paginate<SiteRow>(ctx.db, sitesOf(params.organizationId, query), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((site) => presenterFor(ctx, site).toSite(access.role)) };
  },

  createSite(ctx, { params, body }) {
    const access = requireOrganization(ctx, params.organizationId, can.admin);
    if (isFailure(access)) return access;
    const fields = body ?? {};
    const siteId = insertSite(ctx.db, {
      organization_id: params.organizationId,
      type: fields.type ?? 'basic',
      title: fields.title ?? DEFAULT_TITLE,
      visibility: fields.visibility ?? 'public',
    }, ctx.now);
    const site = findSite(ctx.db, params.organizationId, siteId)!;
    for (const spaceId of fields.spaces ?? []) {
      const space = spaceForSite(ctx, site, spaceId);
      if (isFailure(space)) return space;
      addSiteSpace(ctx.db, siteId, null, space, ctx.now);
    }
    return created(presenterFor(ctx, site).toSite(access.role));
  },

  getSiteById(ctx, { params }) {
    const access = requireSite(ctx, params, can.view);
    if (isFailure(access)) return access;
    return presenterFor(ctx, access.site).toSite(access.role);
  },

  deleteSiteById(ctx, { params }) {
    const access = requireSite(ctx, params, can.admin);
    if (isFailure(access)) return access;
    deleteSite(ctx.db, access.site.id);
    return undefined;
  },

  updateSiteById(ctx, { params, body }) {
    const access = requireSite(ctx, params, can.admin);
    if (isFailure(access)) return access;
    const defaults = applyDefaults(ctx, access.site, body);
    if (isFailure(defaults)) return defaults;
    updateSite(ctx.db, access.site.id, siteColumns(body), ctx.now);
    return current(ctx, access.site, access.role);
  },

  getSiteAdaptiveSchema(ctx, { params }) {
    const access = requireSite(ctx, params, can.view);
    if (isFailure(access)) return access;
    const { adaptive_schema: schema, adaptive_schema_at: updatedAt } = access.site;
    if (schema === null || updatedAt === null) return notFound('No visitor attributes schema found');
    return { object: 'site-adaptive-schema', jsonSchema: JSON.parse(schema) as Record<string, unknown>, updatedAt };
  },

  updateSiteAdaptiveSchema(ctx, { params, body }) {
    const access = requireSite(ctx, params, can.admin);
    if (isFailure(access)) return access;
    const problem = checkAdaptiveSchema(body.jsonSchema);
    if (problem) return problem;
    updateSite(ctx.db, access.site.id, { adaptive_schema: JSON.stringify(body.jsonSchema), adaptive_schema_at: ctx.now }, ctx.now);
    return { object: 'site-adaptive-schema', jsonSchema: body.jsonSchema, updatedAt: ctx.now };
  },

  listSiteAdaptiveTemplateConditions(ctx, { params }) {
    const access = requireSite(ctx, params, can.view);
    if (isFailure(access)) return access;
    const schema = access.site.adaptive_schema;
    return { items: schema === null ? [] : templateConditions(JSON.parse(schema) as Record<string, unknown>) };
  },

  getPublishedContentSite(ctx, { params, query }) {
    const access = requireAudience(ctx, params, query.shareKey);
    if (isFailure(access)) return access;
    const membership = findMembership(ctx.db, access.site.organization_id, ctx.actor.id);
    return publishedStructure(ctx, access.site.id, undefined, undefined, membership)!;
  },

  getSitePublishingAuthById(ctx, { params }) {
    const access = requireSite(ctx, params, can.admin);
    if (isFailure(access)) return access;
    return publishingAuth(access.site.visitor_auth_key);
  },

  regenerateSitePublishingAuthById(ctx, { params }) {
    const access = requireSite(ctx, params, can.admin);
    if (isFailure(access)) return access;
    const key = secret();
    updateSite(ctx.db, access.site.id, { visitor_auth_key: key }, ctx.now);
    return publishingAuth(key);
  },

  publishSite(ctx, { params }) {
    return setPublished(ctx, params, 1);
  },

  unpublishSite(ctx, { params }) {
    return setPublished(ctx, params, 0);
  },

  sortSiteStructure(ctx, { params, body }) {
    const access = requireSite(ctx, params, can.arrange);
    if (isFailure(access)) return access;
    const item = placeItemPointer(body.item);
    if (isFailure(item)) return item;
    const moved = moveStructureItem(ctx.db, access.site.id, item, sortPosition(body.position), sortMessages);
    if (moved) return moved;
    return presenterFor(ctx, access.site).item(item);
  },
};

function publishingAuth(privateKey: string) {
  return { object: 'publishing-auth' as const, backend: 'custom' as const, privateKey };
}

function setPublished(ctx: RequestContext, params: { organizationId: string; siteId: string }, published: 0 | 1) {
  const access = requireSite(ctx, params, can.admin);
  if (isFailure(access)) return access;
  updateSite(ctx.db, access.site.id, { published }, ctx.now);
  return current(ctx, access.site, access.role);
}

function current(ctx: RequestContext, site: SiteRow, role: Role | null | undefined) {
  return presenterFor(ctx, findSite(ctx.db, site.organization_id, site.id)!).toSite(role);
}

function siteColumns(body: UpdateBody): SiteColumns {
  const columns: SiteColumns = {};
  if (body.title !== undefined) columns.title = body.title;
  if (body.visibility !== undefined) columns.visibility = body.visibility;
  if (body.basename !== undefined) columns.basename = body.basename;
  if (body.hostname !== undefined) columns.hostname = body.hostname;
  if (body.proxy !== undefined) columns.proxy = body.proxy;
  if (body.agentsContext !== undefined) columns.agents_context = body.agentsContext;
  if (body.adaptiveContent !== undefined) columns.adaptive_content = body.adaptiveContent.enabled ? 1 : 0;
  return columns;
}

/**
 * `defaultSiteSection` first, then `defaultSiteSpace`, which must be a site space at the root of
 * a site without sections, or in its (possibly just chosen) default section.
 */
function applyDefaults(ctx: RequestContext, site: SiteRow, body: UpdateBody) {
  if (body.defaultSiteSection !== undefined) {
    const section = findSection(ctx.db, site.id, body.defaultSiteSection);
    if (!section) return notFound('No matching site section found');
    chooseDefault(ctx.db, sectionsScope(site.id), section.id);
  }
  if (body.defaultSiteSpace === undefined) return undefined;
  const siteSpace = findSiteSpace(ctx.db, site.id, body.defaultSiteSpace);
  if (!siteSpace) return notFound('No matching site space found');
  const section = siteSpace.section_id === null ? undefined : findSection(ctx.db, site.id, siteSpace.section_id);
  if (section && section.is_default !== 1) {
    return badRequest('body.defaultSiteSpace: the site space is not in the default section');
  }
  chooseDefault(ctx.db, siteSpacesScope(site.id, siteSpace.section_id), siteSpace.id);
  return undefined;
}
