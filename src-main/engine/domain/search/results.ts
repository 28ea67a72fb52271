import type { RequestContext } from '../../core/pipeline/context.js';
import type { QueryTerm } from './query-terms.js';
import type { PageHit } from './ranking.js';
import { toSearchPage } from './serialize.js';
import { snippet } from './snippet.js';
import { ancestorTitles, hitPages } from './sql.js';

/** At most this many sections are listed per page, the best first. */
const SECTIONS_PER_PAGE = 10;
/** Words of a section's body kept around its match. */
const SNIPPET_WORDS = 24;

/** Where the hits were found: a branch's projection rows, and the app's address of its pages. */
export interface SearchedContent {
  rows: string;
  appBase: string;
}

/** The results for some matching pages of one space, in the order given (of main unless `content` says otherwise). */
export function searchPagesOf(ctx: RequestContext, spaceId: string, hits: readonly PageHit[], terms: readonly QueryTerm[], content?: SearchedContent) {
  const rows = content?.rows ?? 'main';
  const pageIds = hits.map((hit) => hit.page_id);
  const pages = new Map(hitPages(ctx.db, spaceId, rows, pageIds).map((row) => [row.page_id, row]));
  const ancestors = ancestorTitles(ctx.db, spaceId, rows, pageIds);
  return hits.flatMap((hit) => {
    const page = pages.get(hit.page_id);
    if (!page) return [];
    const sections = hit.sections.slice(0, SECTIONS_PER_PAGE).map(({ row }) => ({
      anchor: row.anchor,
      heading: row.heading,
      snippet: snippet(row.body, terms, SNIPPET_WORDS),
    }));
    return [toSearchPage(ctx, content?.appBase ?? `/spaces/${spaceId}`, page, ancestors.get(hit.page_id) ?? [], sections)];
  });
}
