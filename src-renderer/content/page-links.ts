import { createContext, useContext } from 'react';
import type { RevisionPage } from './branch.js';
import { ancestorsOf, placedPages } from './page-tree.js';

/** A page a link may point at, named by its titles from the top of the tree down to it. */
export interface LinkablePage {
  id: string;
  title: string;
  /** "Setup › Install". */
  path: string;
}

/** A heading of a page a link may point at: the page, and the heading's anchor (its block id) and text. */
export interface LinkableHeading {
  page: LinkablePage;
  anchor: string;
  heading: string;
}

/** Finds headings whose text holds the words; undefined while the search cannot be made (the engine is away). */
export type HeadingSearch = (query: string) => Promise<LinkableHeading[] | undefined>;

/** The pages of the branch on screen, for links to them: found by title, named by path, opened in the app. */
export interface PageLinks {
  /** The app's address of a page of this branch. */
  hrefOf(pageId: string): string;
  /** Undefined for a page that is not in the branch (deleted since the link was made). */
  pageOf(pageId: string): LinkablePage | undefined;
  /** Documents whose title path holds every word of `query`, those whose own title starts with it first. */
  find(query: string): LinkablePage[];
  /** Headings of the branch's pages found by their words (the engine's search of the branch), when there is one. */
  findHeadings?: HeadingSearch;
}

const MAX_FOUND = 8;
const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

export function pageLinks(pages: RevisionPage[], hrefOf: (pageId: string) => string, searchSections?: SectionSearch): PageLinks {
  const placed = placedPages(pages);
  const titles = new Map(placed.map(({ page }) => [page.id, page.title || 'Untitled page']));
  const pageOf = (pageId: string): LinkablePage | undefined => {
    const title = titles.get(pageId);
    if (title === undefined) return undefined;
    return { id: pageId, title, path: [...ancestorsOf(placed, pageId).reverse().map((id) => titles.get(id)!), title].join(' › ') };
  };
  const documents = placed.filter(({ page }) => page.type === 'document').map(({ page }) => pageOf(page.id)!);
  return {
    hrefOf,
    pageOf,
    ...(searchSections ? { findHeadings: headingSearch(searchSections, pageOf) } : {}),
    find: (query) => {
      const wanted = words(query);
      if (wanted.length === 0) return [];
      const first = query.trim().toLowerCase();
      const rank = (page: LinkablePage) => (page.title.toLowerCase().startsWith(first) ? 0 : 1);
      return documents
        .filter(({ path }) => wanted.every((word) => path.toLowerCase().includes(word)))
        .sort((a, b) => rank(a) - rank(b))
        .slice(0, MAX_FOUND);
    },
  };
}

/** The engine's search of the branch: each matching page's id and its sections (the heading's anchor and text). */
export type SectionSearch = (query: string) => Promise<{ id: string; sections: { id: string; title: string; path: string }[] }[] | undefined>;

/**
 * Headings found by the branch's search, of pages still in the tree: a section is a heading's when
 * its path names an anchor (`page#anchor`); the text before a page's first heading is no heading.
 */
function headingSearch(search: SectionSearch, pageOf: (pageId: string) => LinkablePage | undefined): HeadingSearch {
  return async (query) => {
    const found = await search(query);
    if (!found) return undefined;
    return found.flatMap((hit) => {
      const page = pageOf(hit.id);
      if (!page) return [];
      return hit.sections.filter((section) => section.path.includes('#')).map((section) => ({ page, anchor: section.id, heading: section.title }));
    }).slice(0, MAX_FOUND);
  };
}

/** The page links of the branch a page body is read or written in (the screen around it provides them). */
export const PageLinksContext = createContext<PageLinks | undefined>(undefined);

export const usePageLinks = () => useContext(PageLinksContext);
