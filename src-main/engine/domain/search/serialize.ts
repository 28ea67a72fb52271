import type { z } from 'zod';
import type { SearchPageResult } from '../../../../src-shared/contract/search.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import type { HitPageRow } from './sql.js';

type SearchPage = z.input<typeof SearchPageResult>;

/** A matching section as listed: its heading's anchor (none before the first heading), and its body cut around the match. */
export interface SectionHit {
  anchor: string | null;
  heading: string;
  snippet: string;
}

/** A page's address in the app, as the content reads give it (`appBase`: the space's or its change request's). */
const pageApp = (ctx: RequestContext, appBase: string, pageId: string) => ctx.urls.app(`${appBase}/page/${pageId}`);

/**
 * A matching page with its matching sections. A section is named by its heading's block id (its
 * anchor); the text before a page's first heading has no heading, and is named by the page.
 */
export function toSearchPage(
  ctx: RequestContext,
  appBase: string,
  page: HitPageRow,
  ancestors: readonly string[],
  sections: readonly SectionHit[],
): SearchPage {
  const app = pageApp(ctx, appBase, page.page_id);
  return {
    id: page.page_id,
    title: page.title,
    path: page.path,
    sections: sections.map((section) => ({
      id: section.anchor ?? page.page_id,
      title: section.heading || page.title,
      path: section.anchor ? `${page.path}#${section.anchor}` : page.path,
      body: section.snippet,
      urls: { app: section.anchor ? `${app}#${section.anchor}` : app },
    })),
    ancestors: ancestors.map((title) => ({ title })),
    urls: { app },
  };
}
