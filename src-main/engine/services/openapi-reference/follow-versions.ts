import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { MAIN, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import type { WorkerPool } from '../../core/workers/pool.js';
import type { Projector } from '../../domain/content/projector.js';
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

/**
 * Rewrites the body of every computed page of the spec, in the main content of the live spaces
 * of its organization, from the version just cut, once that version has committed. The pages and
 * their docs' rows are read in one short transaction; a worker thread makes their Markdown, reads
 * it, writes it into each doc built from its rows and reads back the facts its projection writes;
 * the updates are appended in short transactions (a few milliseconds each, projection included,
 * the event loop free in between), as a live edit would write them: the projector writes the rows
 * from those facts, forked change requests keep the content they forked (copy-before-write), and
 * the next `edits` revision of the space holds it. Change requests' own copies follow when they
 * are updated from main. A page edited meanwhile takes the update merged, as any concurrent edit
 * does, and is projected from its doc.
 */
export async function followNewVersion(
  db: Database,
  docs: DocStore,
  projector: Projector,
  workers: WorkerPool,
  spec: SpecRow,
  versionId: string,
  now: string,
): Promise<void> {
  const read = db.transaction(() => {
    const document = db.get<{ document: string }>('SELECT document FROM openapi_spec_versions WHERE id = ?', versionId)?.document;
    const rows = computedPagesOf(db, spec);
    const pages: ReferencePageWork[] = rows.map((row) => ({ spaceId: row.space_id, pageId: row.page_id, computed: row.computed, rows: docs.updatesOf(pageDoc(row.space_id, MAIN, row.page_id)) }));
    // Where each doc stood when its rows were read: an update made from them lends its facts only to a doc still there.
    const stood = new Map(rows.map((row) => {
      const docId = pageDoc(row.space_id, MAIN, row.page_id);
      return [docId, { version: docs.versionOf(docId), held: docs.stateVector(docId) }];
    }));
    return document === undefined ? undefined : { work: { document, pages }, stood };
  }, 'read');
  if (!read || read.work.pages.length === 0) return;
  const updates = await workers.run('referencePageUpdates', read.work);
  for (let next = 0; next < updates.length; ) {
    const started = performance.now();
    db.transaction(() => {
      const spaces = new Set<string>();
      do {
        const { spaceId, pageId, update, stateVector, facts } = updates[next++]!;
        // A space deleted meanwhile takes its docs with it: nothing to write there.
        if (!db.get('SELECT 1 FROM spaces WHERE id = ? AND deleted_at IS NULL', spaceId)) continue;
        const docId = pageDoc(spaceId, MAIN, pageId);
        const stood = read.stood.get(docId);
        if (stood && docs.versionOf(docId) === stood.version) {
          projector.lendBodyFacts(docId, docs.appendNew(docId, update, stateVector, stood.held), facts);
        } else {
          const appended = docs.append(docId, update);
          if (!appended.ok) throw new Error(appended.problem.message);
        }
        // Projected now, so that the slice's time counts it.
        projector.settle();
        spaces.add(spaceId);
      } while (next < updates.length && performance.now() - started < SLICE_MS);
      for (const spaceId of spaces) noteLiveEdit(db, spaceId, now);
    });
    if (next < updates.length) await new Promise((resolve) => setImmediate(resolve));
  }
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
