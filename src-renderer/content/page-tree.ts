import type { RevisionPage } from './branch.js';

/** A page's children: the contract types them loosely because the union refers to itself. */
export function childPages(page: RevisionPage): RevisionPage[] {
  return 'pages' in page ? (page.pages as RevisionPage[]) : [];
}

export interface PlacedPage {
  page: RevisionPage;
  parent: string | null;
  depth: number;
  /** Its index among its siblings. */
  index: number;
}

/** Every page in reading order, with where it stands. */
export function placedPages(pages: RevisionPage[], parent: string | null = null, depth = 0): PlacedPage[] {
  return pages.flatMap((page, index) => [{ page, parent, depth, index }, ...placedPages(childPages(page), page.id, depth + 1)]);
}

/** Where a page may move: the top level, or under any document or group that is not the page or inside it. */
export function pageDestinations(pages: RevisionPage[], moving: string): { parent: string | null; label: string; depth: number }[] {
  const inside = new Set<string>();
  for (const placed of placedPages(pages)) {
    if (placed.page.id === moving || (placed.parent !== null && inside.has(placed.parent))) inside.add(placed.page.id);
  }
  return [
    { parent: null, label: 'Top level', depth: 0 },
    ...placedPages(pages)
      .filter(({ page }) => page.type !== 'link' && !inside.has(page.id))
      .map(({ page, depth }) => ({ parent: page.id, label: page.title || 'Untitled page', depth: depth + 1 })),
  ];
}
