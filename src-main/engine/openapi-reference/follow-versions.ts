import { markdownToPm } from '../../../src-shared/content/index.js';
import type { Database } from '../db/database.js';
import type { DocStore } from '../docs/store.js';
import { DocEdits } from '../content/doc-edits.js';
import { describeContentError, parsePageDocument, writePageBody } from '../content/page-body.js';
import { MAIN, pageDoc } from '../revisions/doc-names.js';
import { noteLiveEdit } from '../yjs/live-edits.js';
import type { SpecRow } from '../api/openapi-specs/sql.js';
import { computedMarkdown, type ComputedOpenAPI } from './pages.js';

interface ComputedPageRow {
  space_id: string;
  page_id: string;
  computed: string;
}

/**
 * Rewrites the body of every computed page of the spec, in the main content of the live spaces
 * of its organization, from the version just cut. It runs in the transaction that cut the
 * version, so the version and the pages that show it commit together. Main's bodies are written
 * as a live edit would be: the projector updates the rows, forked change requests keep the
 * content they forked (copy-before-write), and the next `edits` revision of the space holds it.
 * Change requests' own copies follow when they are updated from main.
 */
export function followNewVersion(db: Database, docs: DocStore, spec: SpecRow, versionId: string, now: string): void {
  const document = JSON.parse(db.get<{ document: string }>('SELECT document FROM openapi_spec_versions WHERE id = ?', versionId)!.document) as Record<string, unknown>;
  const edits = new DocEdits(docs);
  const spaces = new Set<string>();
  for (const row of computedPagesOf(db, spec)) {
    const page = parsePageDocument({ markdown: computedMarkdown(JSON.parse(row.computed) as ComputedOpenAPI, document) }, markdownToPm);
    if (!page.ok) throw new Error(`reference page ${row.page_id}: ${describeContentError(page.error)}`);
    const written = writePageBody(edits.open(pageDoc(row.space_id, MAIN, row.page_id)), page.value);
    if (!written.ok) throw new Error(`reference page ${row.page_id}: ${describeContentError(written.error)}`);
    spaces.add(row.space_id);
  }
  edits.save();
  for (const spaceId of spaces) noteLiveEdit(db, spaceId, now);
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
