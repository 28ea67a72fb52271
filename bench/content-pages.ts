import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Y from 'yjs';
import { markdownToPm, writeBody } from '../src-shared/content/index.js';
import { bootstrapIfEmpty } from '../src-main/engine/app/admin/bootstrap.js';
import { DocEdits } from '../src-main/engine/domain/content/doc-edits.js';
import { positionBetween } from '../src-main/engine/domain/content/positions.js';
import { setPageFields } from '../src-main/engine/domain/content/tree.js';
import { Engine } from '../src-main/engine/app/engine.js';
import { listen } from '../src-main/engine/app/http/server.js';
import { MAIN, pageDoc, treeDoc } from '../src-shared/sync/doc-names.js';
import { median, repeat, timed, type Timing } from './timing.js';

/**
 * A space of `pages` pages (100 sections of 99 pages each; the first 1,000 with a short body),
 * written into main through the doc store as a peer would, then over loopback HTTP: the first
 * `listPages` read by a freshly opened engine (nothing cached; target ≤ 300 ms) and the next
 * ones, and writing one page into it through a change request.
 */
export async function benchContentPages(pages = 10_000): Promise<Record<string, Timing>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-content-'));
  try {
    const seeding = new Engine({ dataDir });
    bootstrapIfEmpty(seeding);
    const seedServer = await listen(seeding, 0);
    const seedCall = caller(dataDir, seedServer.url);
    const organizationId = (await seedCall('GET', '/v1/orgs')).items[0].id as string;
    const spaceId = (await seedCall('POST', `/v1/orgs/${organizationId}/spaces`, {})).id as string;
    const figures: Record<string, Timing> = {};
    figures[`seed ${pages} pages`] = await timed(async () => seed(seeding, spaceId, pages));
    await seedServer.close();
    seeding.close();
    const engine = new Engine({ dataDir });
    const server = await listen(engine, 0);
    const call = caller(dataDir, server.url);
    const list = `/v1/spaces/${spaceId}/content/pages`;
    figures['first listPages'] = await timed(() => call('GET', list));
    figures['listPages, median of 5'] = median(await repeat(5, () => timed(() => call('GET', list))));
    const cr = await call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Bench' });
    const content = `/v1/spaces/${spaceId}/change-requests/${cr.id}/content`;
    const insert = (title: string) => ({ changes: [{ operation: 'insert_page', into: 'section0', title, document: { markdown: 'New page.\n' } }] });
    figures['first write into the change request'] = await timed(() => call('POST', content, insert('First')));
    figures['insert_page, median of 5'] = median(await repeat(5, (i) => timed(() => call('POST', content, insert(`Page ${i}`)))));
    const update = (i: number) => ({ changes: [{ operation: 'update_page', page: 'page0-1', document: { markdown: `Edited ${i}.\n` } }] });
    figures['update_page body, median of 5'] = median(await repeat(5, (i) => timed(() => call('POST', content, update(i)))));
    figures['listPagesInChangeRequest'] = await timed(() => call('GET', `${content}/pages`));
    await server.close();
    engine.close();
    console.log(`\ncontent of a ${pages}-page space (ms)`);
    console.table(Object.entries(figures).map(([step, t]) => ({ step, ms: Math.round(t.ms), 'cpu ms': Math.round(t.cpuMs) })));
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Main's tree in one write, then the bodies of the first 1,000 pages in another. */
function seed(engine: Engine, spaceId: string, pages: number): void {
  const sections = 100;
  const ids: string[] = [];
  engine.db.transaction(() =>
    append(engine, treeDoc(spaceId, MAIN), (doc) => {
      let sectionPosition: string | null = null;
      for (let s = 0; s < sections; s++) {
        sectionPosition = positionBetween(sectionPosition, null);
        setPageFields(doc, `section${s}`, { type: 'document', title: `Section ${s}`, slug: `section-${s}`, parent: null, position: sectionPosition });
        ids.push(`section${s}`);
        let position: string | null = null;
        for (let p = 1; p < pages / sections; p++) {
          position = positionBetween(position, null);
          setPageFields(doc, `page${s}-${p}`, { type: 'document', title: `Page ${s}.${p}`, slug: `page-${p}`, parent: `section${s}`, position });
          ids.push(`page${s}-${p}`);
        }
      }
    }),
  );
  engine.db.transaction(() => {
    for (const id of ids.slice(0, 1000)) {
      const body = markdownToPm(`# ${id}\n\nSome words about ${id}, for search.\n`);
      if (!body.ok) throw new Error(body.error.kind);
      append(engine, pageDoc(spaceId, MAIN, id), (doc) => void writeBody(doc, body.value.body));
    }
  });
}

function append(engine: Engine, docId: string, change: (doc: Y.Doc) => void): void {
  const edits = new DocEdits(engine.docs);
  change(edits.open(docId));
  edits.save();
}

/** Answers are read as loosely as a script reads JSON: the bench picks a few known fields. */
type Json = any;

function caller(dataDir: string, origin: string) {
  const authorization = `Bearer ${readFileSync(join(dataDir, 'token'), 'utf8').trim()}`;
  return async (method: string, path: string, body?: unknown): Promise<Json> => {
    const response = await fetch(origin + path, {
      method,
      headers: { authorization, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: Json = await response.json();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchContentPages();
