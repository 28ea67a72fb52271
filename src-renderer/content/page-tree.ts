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

/** Where a dragged page lands relative to the row it is dropped on. */
export type DropZone = 'before' | 'after' | 'into';

/** A move as the API takes it: the new parent, and the index among its children (the page itself left out; none: last). */
export interface PagePlace {
  into: string | null;
  at?: number;
}

/**
 * Where `moving` goes when dropped `zone` of `target`, or undefined when it cannot go there (on
 * itself, into itself or a page inside it, into a link).
 */
export function dropPlace(pages: RevisionPage[], moving: string, target: string, zone: DropZone): PagePlace | undefined {
  const placed = placedPages(pages);
  const targetPlace = placed.find(({ page }) => page.id === target);
  if (!targetPlace || target === moving || isInside(placed, target, moving)) return undefined;
  if (zone === 'into') return targetPlace.page.type === 'link' ? undefined : { into: target };
  const siblings = placed.filter(({ parent, page }) => parent === targetPlace.parent && page.id !== moving).map(({ page }) => page.id);
  const index = siblings.indexOf(target);
  return { into: targetPlace.parent, at: zone === 'before' ? index : index + 1 };
}

function isInside(placed: PlacedPage[], pageId: string, ancestorId: string): boolean {
  return ancestorsOf(placed, pageId).includes(ancestorId);
}

/** A page's ancestors, nearest first. */
export function ancestorsOf(placed: PlacedPage[], pageId: string): string[] {
  const parents = new Map(placed.map(({ page, parent }) => [page.id, parent]));
  const found: string[] = [];
  for (let id = parents.get(pageId) ?? null; id !== null && !found.includes(id); id = parents.get(id) ?? null) found.push(id);
  return found;
}

/** The moves the keyboard makes (Alt with an arrow): up or down among siblings, into the page above, out to after the parent. */
export type KeyMove = 'up' | 'down' | 'indent' | 'outdent';

export function keyPlace(pages: RevisionPage[], moving: string, move: KeyMove): PagePlace | undefined {
  const placed = placedPages(pages);
  const self = placed.find(({ page }) => page.id === moving);
  if (!self) return undefined;
  const siblings = placed.filter(({ parent }) => parent === self.parent);
  const above = siblings[self.index - 1];
  const below = siblings[self.index + 1];
  switch (move) {
    case 'up':
      return above && dropPlace(pages, moving, above.page.id, 'before');
    case 'down':
      return below && dropPlace(pages, moving, below.page.id, 'after');
    case 'indent':
      return above && dropPlace(pages, moving, above.page.id, 'into');
    case 'outdent':
      return self.parent === null ? undefined : dropPlace(pages, moving, self.parent, 'after');
  }
}

/**
 * The tree as it stands once `moving` is at `place`, as the engine will answer it: the tree draws
 * a move at once, so that the next key or drop acts on where the page now is.
 */
export function movedPages(pages: RevisionPage[], moving: string, place: PagePlace): RevisionPage[] {
  const page = placedPages(pages).find((placed) => placed.page.id === moving)?.page;
  if (!page) return pages;
  const put = (siblings: RevisionPage[]) => {
    const at = Math.min(place.at ?? siblings.length, siblings.length);
    return [...siblings.slice(0, at), page, ...siblings.slice(at)];
  };
  const rebuild = (list: RevisionPage[]): RevisionPage[] =>
    list
      .filter((candidate) => candidate.id !== moving)
      .map((candidate) => {
        if (!('pages' in candidate)) return candidate;
        const children = rebuild(childPages(candidate));
        return { ...candidate, pages: candidate.id === place.into ? put(children) : children } as RevisionPage;
      });
  const rest = rebuild(pages);
  return place.into === null ? put(rest) : rest;
}
