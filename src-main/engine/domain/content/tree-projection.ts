import type * as Y from 'yjs';
import type { Database } from '../../core/db/database.js';
import { pageRows, sameRow, toRow, type PageRow } from './page-rows.js';
import { deletePage, projectedPage, projectedPages, upsertPage, writeFileRows } from './projection-sql.js';
import { pagesMap, readFiles, readPage, readPages, type TreePage } from './tree.js';
import type { TreeChanges } from './tree-watch.js';

export interface TreeTarget {
  db: Database;
  spaceId: string;
  branch: string;
  now: string;
}

/**
 * Makes the branch's page rows those of the whole tree, writing only rows that differ. Answers the
 * pages that appeared, whose bodies need rows too.
 */
export function projectWholeTree(target: TreeTarget, doc: Y.Doc): string[] {
  const { db, spaceId, branch, now } = target;
  const next = pageRows(readPages(doc));
  const current = new Map(projectedPages(db, spaceId, branch).map((row) => [row.page_id, row]));
  for (const pageId of current.keys()) if (!next.has(pageId)) deletePage(db, spaceId, branch, pageId);
  const appeared: string[] = [];
  for (const row of next.values()) {
    const before = current.get(row.page_id);
    if (before && sameRow(before, row)) continue;
    upsertPage(db, spaceId, branch, row, now);
    if (!before) appeared.push(row.page_id);
  }
  writeFileRows(db, spaceId, branch, readFiles(doc));
  return appeared;
}

/**
 * Rewrites only the rows of the pages a writer says it changed, reading nothing else of the tree
 * but their ancestors. Answers the pages that appeared, or undefined when a change reaches past
 * them (a path that moved), which the whole tree must then settle: that is decided before any row
 * is written, so that the whole tree still sees every page that appeared.
 */
export function projectTreeChanges(target: TreeTarget, doc: Y.Doc, changes: TreeChanges): string[] | undefined {
  const { db, spaceId, branch, now } = target;
  const pages = [...changes.pages].map((pageId) => ({ pageId, before: projectedPage(db, spaceId, branch, pageId), row: currentRow(doc, pageId) }));
  if (pages.some(({ before, row }) => before && row && before.path !== row.path)) return undefined;
  const appeared: string[] = [];
  for (const { pageId, before, row } of pages) {
    if (!row) {
      if (before) deletePage(db, spaceId, branch, pageId);
      continue;
    }
    if (before && sameRow(before, row)) continue;
    upsertPage(db, spaceId, branch, row, now);
    if (!before) appeared.push(pageId);
  }
  if (changes.files) writeFileRows(db, spaceId, branch, readFiles(doc));
  return appeared;
}

/** The page's row as the doc has it; undefined when it is gone or has no path from the root. */
function currentRow(doc: Y.Doc, pageId: string): PageRow | undefined {
  const pages = pagesMap(doc);
  const read = (id: string): TreePage | undefined => {
    const fields = pages.get(id);
    return fields && readPage(id, fields);
  };
  const page = read(pageId);
  if (!page) return undefined;
  const slugs: string[] = [];
  const seen = new Set<string>();
  for (let at = page; ; ) {
    if (seen.has(at.id)) return undefined;
    seen.add(at.id);
    slugs.unshift(at.slug);
    if (at.parent === null) break;
    const parent = read(at.parent);
    if (!parent) return undefined;
    at = parent;
  }
  return toRow(page, slugs.join('/'));
}
