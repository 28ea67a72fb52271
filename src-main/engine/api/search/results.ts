import type { RequestContext } from '../../pipeline/context.js';
import { toSearchPage } from './serialize.js';
import { ancestorTitles, hitPages, sectionHits, type BoundScope, type SectionHit } from './sql.js';

/** At most this many sections are listed per page, the best first. */
const SECTIONS_PER_PAGE = 10;
/** Words of a section's body kept around its match. */
const SNIPPET_WORDS = 24;

/** The results for some matching pages of one space, in the order given. */
export function searchPagesOf(ctx: RequestContext, scope: BoundScope, spaceId: string, pageIds: readonly string[]) {
  const pages = new Map(hitPages(ctx.db, spaceId, scope.branch, pageIds).map((row) => [row.page_id, row]));
  const ancestors = ancestorTitles(ctx.db, spaceId, scope.branch, pageIds);
  const sections = new Map<string, SectionHit[]>();
  for (const hit of sectionHits(ctx.db, { ...scope, spaceId }, pageIds, SNIPPET_WORDS)) {
    const list = sections.get(hit.page_id) ?? [];
    if (list.length < SECTIONS_PER_PAGE) sections.set(hit.page_id, [...list, hit]);
  }
  return pageIds.flatMap((pageId) => {
    const page = pages.get(pageId);
    return page ? [toSearchPage(ctx, spaceId, page, ancestors.get(pageId) ?? [], sections.get(pageId) ?? [])] : [];
  });
}
