import type { RequestContext } from '../../pipeline/context.js';
import type { QueryTerm } from './query-terms.js';
import type { PageHit } from './ranking.js';
import { toSearchPage } from './serialize.js';
import { snippet } from './snippet.js';
import { ancestorTitles, hitPages } from './sql.js';

/** At most this many sections are listed per page, the best first. */
const SECTIONS_PER_PAGE = 10;
/** Words of a section's body kept around its match. */
const SNIPPET_WORDS = 24;

/** The results for some matching pages of one space, in the order given. */
export function searchPagesOf(ctx: RequestContext, spaceId: string, hits: readonly PageHit[], terms: readonly QueryTerm[]) {
  const pageIds = hits.map((hit) => hit.page_id);
  const pages = new Map(hitPages(ctx.db, spaceId, 'main', pageIds).map((row) => [row.page_id, row]));
  const ancestors = ancestorTitles(ctx.db, spaceId, 'main', pageIds);
  return hits.flatMap((hit) => {
    const page = pages.get(hit.page_id);
    if (!page) return [];
    const sections = hit.sections.slice(0, SECTIONS_PER_PAGE).map(({ row }) => ({
      anchor: row.anchor,
      heading: row.heading,
      snippet: snippet(row.body, terms, SNIPPET_WORDS),
    }));
    return [toSearchPage(ctx, spaceId, page, ancestors.get(hit.page_id) ?? [], sections)];
  });
}
