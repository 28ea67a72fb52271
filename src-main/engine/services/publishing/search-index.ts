import type { Database } from '../../core/db/database.js';
import type { SitePlace } from './addresses.js';
import { placeOfPage } from './render-context.js';
import type { PublishedSpace, SiteMap } from './site-map.js';
import type { SpaceContent } from './space-pages.js';

/** One searchable stretch of a page: a top-level heading and what follows it, as projected for search. */
export interface SearchEntry {
  title: string;
  heading: string;
  text: string;
  place: SitePlace;
  anchor: string | null;
}

/** Long sections are cut: the index travels with every page. */
const MAX_TEXT = 2000;

/**
 * The index of what a visitor may find: the pages of the site spaces navigation shows (hidden
 * ones, and hidden pages, are left out), one entry per section (`content_sections`, the FTS5
 * projection's rows).
 */
export function searchIndex(db: Database, map: SiteMap, contentOf: (space: PublishedSpace) => SpaceContent): SearchEntry[] {
  return map.spaces
    .filter((space) => !space.hidden)
    .flatMap((space) => {
      const content = contentOf(space);
      const sections = db.all<{ page_id: string; anchor: string | null; heading: string; body: string }>(
        "SELECT page_id, anchor, heading, body FROM content_sections WHERE space_id = ? AND branch = 'main' ORDER BY page_id, ord",
        space.spaceId,
      );
      const byPage = new Map<string, typeof sections>();
      for (const section of sections) {
        const list = byPage.get(section.page_id);
        if (list) list.push(section);
        else byPage.set(section.page_id, [section]);
      }
      return content.pages
        .filter((page) => page.type === 'document' && !page.hidden)
        .flatMap((page) => {
          const own = byPage.get(page.id) ?? [];
          const place = placeOfPage(space, page);
          const entries = own.map((section) => ({ title: page.title, heading: section.heading, text: section.body.slice(0, MAX_TEXT), place, anchor: section.anchor }));
          return entries.length > 0 ? entries : [{ title: page.title, heading: '', text: page.description ?? '', place, anchor: null }];
        });
    });
}

/** The index as the script a page loads (`~assets/search-index.js`): a script, not JSON, so that pages opened from disk read it. */
export function searchIndexScript(entries: SearchEntry[]): string {
  return `window.folioSearch = ${JSON.stringify(entries)};\n`;
}
