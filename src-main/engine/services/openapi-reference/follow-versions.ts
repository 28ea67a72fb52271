import * as Y from 'yjs';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { MAIN, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import type { WorkerPool } from '../../core/workers/pool.js';
import { noteLiveEdit } from '../yjs/live-edits.js';
import type { SpecRow } from '../../domain/openapi-specs/sql.js';
import type { ReferencePageWork } from './tasks.js';

interface ComputedPageRow {
  space_id: string;
  page_id: string;
  computed: string;
}

/** How long one transaction of written pages may hold the event loop before the next is left for later. */
const SLICE_MS = 8;
const WHOLE_DOC = Y.encodeStateVector(new Y.Doc());

/**
 * Rewrites the body of every computed page of the spec, in the main content of the live spaces
 * of its organization, from the version just cut, once that version has committed. The pages and
 * their docs' state are read in one short transaction; their Markdown is made and read into their
 * bodies in a worker thread; the updates are appended in short transactions (a few milliseconds
 * each, the event loop free in between), as a live edit would write them: the projector updates
 * the rows, forked change requests keep the content they forked (copy-before-write), and the next
 * `edits` revision of the space holds it. Change requests' own copies follow when they are
 * updated from main. An edit made meanwhile merges with the rewrite as any concurrent edit does.
 */
export async function followNewVersion(db: Database, docs: DocStore, workers: WorkerPool, spec: SpecRow, versionId: string, now: string): Promise<void> {
  const read = db.transaction(() => {
    const document = db.get<{ document: string }>('SELECT document FROM openapi_spec_versions WHERE id = ?', versionId)?.document;
    const pages: ReferencePageWork[] = computedPagesOf(db, spec).map((row) => ({
      spaceId: row.space_id,
      pageId: row.page_id,
      computed: row.computed,
      state: stateOf(docs, pageDoc(row.space_id, MAIN, row.page_id)),
    }));
    return document === undefined ? undefined : { document, pages };
  }, 'read');
  if (!read || read.pages.length === 0) return;
  const updates = await workers.run('referencePageUpdates', read);
  for (let next = 0; next < updates.length; ) {
    const started = performance.now();
    db.transaction(() => {
      const spaces = new Set<string>();
      do {
        const { spaceId, pageId, update } = updates[next++]!;
        // A space deleted meanwhile takes its docs with it: nothing to write there.
        if (!db.get('SELECT 1 FROM spaces WHERE id = ? AND deleted_at IS NULL', spaceId)) continue;
        const appended = docs.append(pageDoc(spaceId, MAIN, pageId), update);
        if (!appended.ok) throw new Error(appended.problem.message);
        spaces.add(spaceId);
      } while (next < updates.length && performance.now() - started < SLICE_MS);
      for (const spaceId of spaces) noteLiveEdit(db, spaceId, now);
    });
    if (next < updates.length) await new Promise((resolve) => setImmediate(resolve));
  }
}

function stateOf(docs: DocStore, docId: string): Uint8Array {
  const state = docs.diff(docId, WHOLE_DOC);
  if (!state.ok) throw new Error(state.problem.message);
  return state.update;
}

function computedPagesOf(db: Database, spec: SpecRow): ComputedPageRow[] {
  return db.all<ComputedPageRow>(
    `SELECT p.space_id, p.page_id, p.computed FROM content_pages p JOIN spaces s ON s.id = p.space_id
     WHERE json_extract(p.computed, '$.dependencies.spec.ref.spec') = ? AND p.computed IS NOT NULL
       AND p.branch = 'main' AND p.type = 'document' AND s.organization_id = ? AND s.deleted_at IS NULL
       AND json_extract(p.computed, '$.type') = 'builtin:openapi'`,
    spec.slug,
    spec.organization_id,
  );
}
