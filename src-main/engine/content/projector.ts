import { readBody } from '../../../src-shared/content/index.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { DocStore } from '../docs/store.js';
import { pageDoc, parseDocName, treeDoc, type Branch } from '../revisions/doc-names.js';
import { bodyFacts } from './body-text.js';
import { pageRows, sameRow } from './page-rows.js';
import {
  deletePage, hasPage, projectedPages, takeRows, upsertPage, writeBodyRows, writeFileRows,
} from './projection-sql.js';
import { readFiles, readPages } from './tree.js';

/** What one transaction wrote, per space and branch: the tree or not, and which page bodies. */
interface Touched {
  spaceId: string;
  branch: Branch;
  tree: boolean;
  pages: Set<string>;
}

/**
 * Keeps the SQL projections of page trees and bodies in step with the docs. Every row the store
 * writes, whoever the writer (API handlers, y-websocket, sync), marks its doc; just before the
 * transaction commits, the marked branches are projected, inside it. Only the pages a write
 * touched have their body rows rewritten; a tree write recomputes the tree's rows in memory and
 * writes only those that differ, so one page written into a large space writes a few rows.
 */
export class Projector {
  private touched: Map<string, Touched> | undefined;

  constructor(
    private readonly db: Database,
    private readonly docs: DocStore,
    private readonly clock: Clock,
  ) {
    docs.onWriteInTransaction((docId) => this.written(docId));
  }

  private written(docId: string): void {
    const name = parseDocName(docId);
    if (!name || name.kind === 'comments') return;
    if (!this.touched) {
      this.touched = new Map();
      this.db.beforeCommit(() => this.flush());
      this.db.onTransactionEnd(() => (this.touched = undefined));
    }
    const key = `${name.spaceId} ${name.branch.kind === 'main' ? '' : name.branch.changeRequestId}`;
    let entry = this.touched.get(key);
    if (!entry) this.touched.set(key, (entry = { spaceId: name.spaceId, branch: name.branch, tree: false, pages: new Set() }));
    if (name.kind === 'tree') entry.tree = true;
    else entry.pages.add(name.pageId);
  }

  private flush(): void {
    const touched = [...(this.touched?.values() ?? [])];
    this.touched = undefined;
    const now = this.clock.now().toISOString();
    for (const entry of touched) projectBranch(this.db, this.docs, entry, now);
  }
}

function projectBranch(db: Database, docs: DocStore, entry: Touched, now: string): void {
  const { spaceId, branch } = entry;
  if (!spaceExists(db, spaceId)) return;
  const key = branch.kind === 'main' ? 'main' : branch.changeRequestId;
  takeRows(db, spaceId, key);
  const bodies = new Set(entry.pages);
  if (entry.tree) for (const pageId of projectTree(db, docs, spaceId, branch, key, now)) bodies.add(pageId);
  for (const pageId of bodies) projectBody(db, docs, spaceId, branch, key, pageId, now);
}

/** Rewrites the rows of pages that changed; answers the pages that appeared, whose bodies need rows too. */
function projectTree(db: Database, docs: DocStore, spaceId: string, branch: Branch, key: string, now: string): string[] {
  const doc = docs.load(treeDoc(spaceId, branch));
  const next = pageRows(readPages(doc));
  const current = new Map(projectedPages(db, spaceId, key).map((row) => [row.page_id, row]));
  for (const pageId of current.keys()) if (!next.has(pageId)) deletePage(db, spaceId, key, pageId);
  const appeared: string[] = [];
  for (const row of next.values()) {
    const before = current.get(row.page_id);
    if (before && sameRow(before, row)) continue;
    upsertPage(db, spaceId, key, row, now);
    if (!before) appeared.push(row.page_id);
  }
  writeFileRows(db, spaceId, key, readFiles(doc));
  return appeared;
}

function projectBody(db: Database, docs: DocStore, spaceId: string, branch: Branch, key: string, pageId: string, now: string): void {
  if (!hasPage(db, spaceId, key, pageId)) return;
  const body = readBody(docs.load(pageDoc(spaceId, branch, pageId)));
  writeBodyRows(db, spaceId, key, pageId, bodyFacts(body), now);
}

function spaceExists(db: Database, spaceId: string): boolean {
  return db.get('SELECT 1 FROM spaces WHERE id = ?', spaceId) !== undefined;
}
