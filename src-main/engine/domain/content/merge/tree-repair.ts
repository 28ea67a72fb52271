import type * as Y from 'yjs';
import type { Conflict } from './conflicts.js';
import { PAGES, parentOf, type PageTree } from './page-tree.js';

type Pages = Y.Map<Y.Map<unknown>>;

/**
 * Makes the merged page tree a tree again, in one Yjs transaction on `merged`:
 * - a page whose parent the other side deleted moves under the parent's nearest ancestor still
 *   there (main's ancestry first, then the base's), or to the root;
 * - a page on a cycle made by moves on both sides gets main's parent back (and main's position).
 * `ours` is main's tree before the merge; `base` the tree both sides started from.
 */
export function repairTree(merged: Y.Doc, ours: PageTree, base: PageTree): Conflict[] {
  const pages: Pages = merged.getMap(PAGES);
  const conflicts: Conflict[] = [];
  const nearestLeft = (pageId: string | null): string | null => {
    let current = pageId;
    while (current !== null && !pages.has(current)) current = parentOf(ours.get(current) ?? base.get(current)) ?? null;
    return current;
  };
  merged.transact(() => {
    for (const [pageId, page] of pages) {
      const parent = page.get('parent') as string | null | undefined;
      if (parent === null || parent === undefined || pages.has(parent)) continue;
      page.set('parent', nearestLeft(parent));
      conflicts.push({ kind: 'orphan', pageId });
    }
    for (let cycle = findCycle(pages); cycle; cycle = findCycle(pages)) {
      for (const pageId of movedOffMain(cycle, pages, ours, nearestLeft)) {
        const mine = ours.get(pageId)!;
        const parent = nearestLeft(parentOf(mine) ?? null);
        const page = pages.get(pageId)!;
        page.set('parent', parent);
        if (parent === parentOf(mine)) page.set('position', mine.position);
        conflicts.push({ kind: 'cycle', pageId });
      }
    }
  });
  return conflicts;
}

/**
 * The pages of a cycle that main has under another parent. There is always one: main's tree has
 * no cycle, and a page main does not have can only be reached from one the change request moved.
 */
function movedOffMain(cycle: string[], pages: Pages, ours: PageTree, nearestLeft: (id: string | null) => string | null): string[] {
  return cycle.filter((pageId) => {
    const mine = ours.get(pageId);
    return mine !== undefined && pages.get(pageId)!.get('parent') !== nearestLeft(parentOf(mine) ?? null);
  });
}

/** The pages of one cycle of parent links, or undefined when there is none. */
export function findCycle(pages: Pages): string[] | undefined {
  const done = new Set<string>();
  for (const start of pages.keys()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current: string | null | undefined = start;
    while (current && pages.has(current) && !done.has(current)) {
      if (onPath.has(current)) return path.slice(path.indexOf(current));
      path.push(current);
      onPath.add(current);
      current = pages.get(current)!.get('parent') as string | null | undefined;
    }
    for (const pageId of path) done.add(pageId);
  }
  return undefined;
}
