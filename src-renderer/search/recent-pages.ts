/** A page opened lately: where it is and what it is called, for the quick switcher. */
export interface RecentPage {
  href: string;
  title: string;
  /** The space or change request it is in, in words. */
  where: string;
}

const KEY = 'folio.recentPages';
const KEPT = 8;

/**
 * The pages this browser opened lately, newest first, in local storage (only addresses and
 * titles: the content stays with the engine).
 */
export function recentPages(storage: Pick<Storage, 'getItem'> = localStorage): RecentPage[] {
  try {
    const kept = JSON.parse(storage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(kept) ? kept.filter((entry): entry is RecentPage => typeof entry?.href === 'string' && typeof entry?.title === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberPage(page: RecentPage, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  const kept = [page, ...recentPages(storage).filter((entry) => entry.href !== page.href)].slice(0, KEPT);
  storage.setItem(KEY, JSON.stringify(kept));
}
