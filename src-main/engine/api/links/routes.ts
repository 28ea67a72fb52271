import type { LinkStatus, links } from '../../../../src-shared/contract/links.js';
import { paginateList } from '../../core/pagination.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { isFailure, notFound, type Failure } from '../../core/pipeline/failure.js';
import type { Handlers } from '../../core/pipeline/index.js';
import { requireChangeRequestContent, requireSpaceContent, type ContentTarget } from '../../domain/content/rules.js';
import { LinkedContent } from '../../domain/links/locations.js';
import { linksOf, pagesUsingFile } from '../../domain/links/sql.js';
import { existingIn, toUsage, usagesOf, type Usage } from '../../domain/links/usages.js';

const BY_KEY = { of: (usage: Usage) => [usage.key], length: 1 };

export const linksHandlers: Handlers<typeof links> = {
  listSpaceLinks: (ctx, { params, query }) => linksList(ctx, requireSpaceContent(ctx, params.spaceId), undefined, query),
  listPageLinksInSpace: (ctx, { params, query }) => linksList(ctx, requireSpaceContent(ctx, params.spaceId), params.pageId, query),
  listPageLinksInChangeRequest: (ctx, { params, query }) => linksList(ctx, requireChangeRequestContent(ctx, params), params.pageId, query),
  listSpaceFileBacklinks: (ctx, { params, query }) => backlinks(ctx, requireSpaceContent(ctx, params.spaceId), params.fileId, query),
  listChangeRequestFileBacklinks: (ctx, { params, query }) => backlinks(ctx, requireChangeRequestContent(ctx, params), params.fileId, query),
};

/**
 * The links of a branch's content (or of one of its pages), one item per target. `stats` count
 * every item whatever the `status` asked; `broken.changeRequest` counts, for a change request,
 * the broken targets that are not broken in the same place of main (0 for main itself).
 */
function linksList(
  ctx: RequestContext,
  target: ContentTarget | Failure,
  pageId: string | undefined,
  request: { page?: string; limit: number; status?: LinkStatus },
) {
  if (isFailure(target)) return target;
  const content = new LinkedContent(ctx, target);
  if (pageId !== undefined && !content.pages.has(pageId)) return notFound('No matching page found for given ID');
  const usages = usagesIn(ctx, content, target.space.id, target.rows, pageId);
  const broken = usages.filter((usage) => usage.status === 'broken');
  const shown = request.status ? usages.filter((usage) => usage.status === request.status) : usages;
  const page = paginateList(shown, BY_KEY, request);
  if (isFailure(page)) return page;
  return {
    ...page,
    items: page.items.map((usage) => toUsage(content, usage)),
    stats: { total: usages.length, broken: { total: broken.length, changeRequest: brokenByChangeRequest(ctx, target, pageId, broken) } },
  };
}

function usagesIn(ctx: RequestContext, content: LinkedContent, spaceId: string, rows: string, pageId: string | undefined): Usage[] {
  const links = linksOf(ctx.db, spaceId, rows, pageId);
  return usagesOf(links, existingIn(ctx.db, content, { spaceId, rows, origin: ctx.urls.origin }, links));
}

function brokenByChangeRequest(ctx: RequestContext, target: ContentTarget, pageId: string | undefined, broken: readonly Usage[]): number {
  if (!target.changeRequest || target.rows === 'main' || broken.length === 0) return 0;
  const main = requireSpaceContent(ctx, target.space.id);
  if (isFailure(main)) return 0;
  const brokenInMain = new Set(
    usagesIn(ctx, new LinkedContent(ctx, main), target.space.id, 'main', pageId)
      .filter((usage) => usage.status === 'broken')
      .map((usage) => usage.key),
  );
  return broken.filter((usage) => !brokenInMain.has(usage.key)).length;
}

/** The pages of a branch's content that link to one of its files, by page id. */
function backlinks(ctx: RequestContext, target: ContentTarget | Failure, fileId: string, request: { page?: string; limit: number }) {
  if (isFailure(target)) return target;
  const content = new LinkedContent(ctx, target);
  if (!content.files.has(fileId)) return notFound('No matching file found for given ID');
  const pageIds = pagesUsingFile(ctx.db, target.space.id, target.rows, fileId).filter((pageId) => content.pages.has(pageId));
  const page = paginateList(pageIds, { of: (id: string) => [id], length: 1 }, request);
  if (isFailure(page)) return page;
  return { ...page, items: page.items.map((pageId) => content.page(pageId)!) };
}
