import type * as Y from 'yjs';

/** The `Y.Map` of a tree doc holding its pages (docs/content-design.md). */
export const PAGES = 'pages';

/** A page's fields as plain JSON: `type`, `title`, `slug`, `parent`, `position`, and the optional ones. */
export type PageFields = Record<string, unknown>;

/** Page id → its fields, as a tree doc holds them now. */
export type PageTree = ReadonlyMap<string, PageFields>;

export function readPageTree(doc: Y.Doc): PageTree {
  return new Map(Object.entries(doc.getMap<Y.Map<unknown>>(PAGES).toJSON() as Record<string, PageFields>));
}

export function parentOf(page: PageFields | undefined): string | null | undefined {
  return page?.parent as string | null | undefined;
}

/**
 * Two field values compared as JSON with object keys in order, so that the same `target` or
 * `layout` written by two writers in a different key order counts as the same value.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return typeof a === 'object' && typeof b === 'object' && canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  ) ?? 'undefined';
}
