import { childrenIndex, type TreePage } from './tree.js';

/** A page as `content_pages` holds it, apart from what the body gives (hash, times). */
export interface PageRow {
  page_id: string;
  parent_id: string | null;
  position: string;
  type: string;
  title: string;
  slug: string;
  path: string;
  emoji: string | null;
  description: string | null;
  hidden: number;
  target: string | null;
  layout: string | null;
  computed: string | null;
  created_at: string | null;
}

export const PAGE_ROW_COLUMNS = [
  'page_id', 'parent_id', 'position', 'type', 'title', 'slug', 'path', 'emoji', 'description', 'hidden', 'target', 'layout', 'computed', 'created_at',
] as const;

/**
 * The rows of every page reachable from the root, with its path (the slugs from the root). A page
 * whose parent is gone (a peer deleted it while another added a child) is unreachable and is left
 * out, as is any cycle concurrent moves made: neither has a path.
 */
export function pageRows(pages: ReadonlyMap<string, TreePage>): Map<string, PageRow> {
  const children = childrenIndex(pages);
  const rows = new Map<string, PageRow>();
  const visit = (page: TreePage, parentPath: string) => {
    const path = parentPath ? `${parentPath}/${page.slug}` : page.slug;
    rows.set(page.id, toRow(page, path));
    for (const child of children.get(page.id) ?? []) visit(child, path);
  };
  for (const root of children.get(null) ?? []) visit(root, '');
  return rows;
}

export function toRow(page: TreePage, path: string): PageRow {
  return {
    page_id: page.id,
    parent_id: page.parent,
    position: page.position,
    type: page.type,
    title: page.title,
    slug: page.slug,
    path,
    emoji: page.emoji ?? null,
    description: page.description ?? null,
    hidden: page.hidden ? 1 : 0,
    target: page.target === undefined ? null : JSON.stringify(page.target),
    layout: page.layout === undefined ? null : JSON.stringify(page.layout),
    computed: page.computed === undefined ? null : JSON.stringify(page.computed),
    created_at: page.createdAt ?? null,
  };
}

export function sameRow(a: PageRow, b: PageRow): boolean {
  return PAGE_ROW_COLUMNS.every((column) => a[column] === b[column]);
}
