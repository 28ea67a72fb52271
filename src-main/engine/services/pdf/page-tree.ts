import type * as Y from 'yjs';

/** A page of a branch's tree doc, as far as the PDF needs it. */
export interface TreePage {
  id: string;
  type: string;
  title: string;
  parent: string | null;
  position: string;
  target?: unknown;
}

/** The pages of a tree doc (`pages`: page id → `Y.Map`), in no order. */
export function treePages(tree: Y.Doc): TreePage[] {
  const pages: TreePage[] = [];
  tree.getMap<Y.Map<unknown>>('pages').forEach((page, id) => {
    const parent = page.get('parent');
    pages.push({
      id,
      type: String(page.get('type') ?? 'document'),
      title: String(page.get('title') ?? ''),
      parent: typeof parent === 'string' ? parent : null,
      position: String(page.get('position') ?? ''),
      target: page.get('target'),
    });
  });
  return pages;
}

/** The name of each file of a tree doc (`files`: file id → `Y.Map` with `name`). */
export function treeFileNames(tree: Y.Doc): Map<string, string> {
  const names = new Map<string, string>();
  tree.getMap<Y.Map<unknown>>('files').forEach((file, id) => names.set(id, String(file.get('name') ?? id)));
  return names;
}

/**
 * The pages in reading order with their depth: depth first, siblings by (position, id) compared
 * as plain strings (fractional indexes sort that way). A page whose parent is gone stands at the
 * root, so that nothing of the content is left out. `from` limits it to one page's subtree.
 */
export function readingOrder(pages: TreePage[], from?: string): { page: TreePage; depth: number }[] {
  const ids = new Set(pages.map((page) => page.id));
  const children = new Map<string | null, TreePage[]>();
  for (const page of pages) {
    const parent = page.parent !== null && ids.has(page.parent) ? page.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), page]);
  }
  for (const siblings of children.values()) siblings.sort(bySiblingOrder);
  const ordered: { page: TreePage; depth: number }[] = [];
  const seen = new Set<string>();
  const visit = (page: TreePage, depth: number) => {
    if (seen.has(page.id)) return;
    seen.add(page.id);
    ordered.push({ page, depth });
    for (const child of children.get(page.id) ?? []) visit(child, depth + 1);
  };
  const start = from === undefined ? children.get(null) ?? [] : pages.filter((page) => page.id === from);
  for (const page of start) visit(page, 0);
  return ordered;
}

function bySiblingOrder(a: TreePage, b: TreePage): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
