import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import * as Y from 'yjs';
import { BODY_FRAGMENT, markdownToPm, writeBody } from '../src-shared/content/index.js';
import { DocEdits } from '../src-main/engine/domain/content/doc-edits.js';
import { positionBetween } from '../src-main/engine/domain/content/positions.js';
import { setPageFields } from '../src-main/engine/domain/content/tree.js';
import type { Engine } from '../src-main/engine/app/engine.js';
import { MAIN, pageDoc, treeDoc } from '../src-shared/sync/doc-names.js';
import { SYNC_PATH } from '../src-main/engine/transports/sync/hub.js';
import { saveUpstream } from '../src-main/engine/services/sync/sql.js';
import { logTenThousandChanges } from './sync-changes.js';
import { node, type Node } from './sync.js';

/**
 * Issue 5's catch-up figure: a replica that synced a space of `PAGES` pages goes offline; the hub
 * meanwhile logs 10,000 metadata changes (1,000 collections, 9,000 renames) and 1,000 page edits
 * (small inserts into the bodies, spread over the pages). Timed from `sync.start()` on the replica
 * until its own API answers what the hub holds: `GET /v1/sync/status` connected with an empty
 * outbox, the last collection's last title (the log's last change, so every earlier one is
 * applied), and every page's document as the hub's API answers it. Both engines in this process,
 * on loopback HTTP (one event loop for both: the pessimistic case).
 */
const PAGES = 100;
const EDITS = 1_000;
const TARGET_MS = 2_000;

export interface SyncCatchUpFigures {
  metadataChanges: number;
  pageEdits: number;
  catchUpMs: number;
  /** CPU time of this process (hub and replica both) over the same span. */
  catchUpCpuMs: number;
  targetMs: number;
}

/** `makeHub`: the hub to catch up from (a PostgreSQL hub process in sync-cluster.ts); its API is read in process. */
export async function benchSyncCatchUp(makeHub: () => Promise<Node> = node): Promise<SyncCatchUpFigures> {
  const hub = await makeHub();
  const replica = await node();
  try {
    const organizationId = hub.engine.db.get<{ organization_id: string }>('SELECT organization_id FROM members')!.organization_id;
    const spaceId = (await inProcess(hub, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Catch-up' })).id as string;
    const pageIds = seedPages(hub.engine, spaceId);
    saveUpstream(replica.engine.db, `ws://127.0.0.1:${hub.server.port}${SYNC_PATH}`, hub.token);
    replica.engine.sync.start();
    await until(async () => (await call(replica, 'GET', `/v1/spaces/${spaceId}/content/page/${pageIds.at(-1)}`).catch(() => undefined)) !== undefined);
    await until(async () => caughtUp(await call(replica, 'GET', '/v1/sync/status')));
    replica.engine.sync.stop();

    logTenThousandChanges(hub.engine, organizationId);
    editPages(hub.engine, spaceId, pageIds);
    const pagePaths = pageIds.map((id) => `/v1/spaces/${spaceId}/content/page/${id}`);
    const expected = await Promise.all(pagePaths.map(async (path) => JSON.stringify((await inProcess(hub, 'GET', path)).document)));

    const start = performance.now();
    const cpuStart = process.cpuUsage();
    replica.engine.sync.start();
    await until(async () => {
      if (!caughtUp(await call(replica, 'GET', '/v1/sync/status'))) return false;
      const collection = await call(replica, 'GET', '/v1/collections/c999').catch(() => undefined);
      if (collection?.title !== 'Title 8999') return false;
      for (const [i, path] of pagePaths.entries()) if (JSON.stringify((await call(replica, 'GET', path)).document) !== expected[i]) return false;
      return true;
    });
    const catchUpMs = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    return { metadataChanges: 10_000, pageEdits: EDITS, catchUpMs, catchUpCpuMs: (cpu.user + cpu.system) / 1000, targetMs: TARGET_MS };
  } finally {
    for (const { engine, server, dataDir } of [replica, hub]) {
      engine.sync.stop();
      await server.close();
      engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/** A tree of `count` pages and their bodies, written into main as a peer would; answers the page ids. */
export function seedPages(engine: Engine, spaceId: string, count = PAGES): string[] {
  const ids = Array.from({ length: count }, (_, i) => `page${i}`);
  engine.db.transaction(() => {
    const edits = new DocEdits(engine.docs);
    const tree = edits.open(treeDoc(spaceId, MAIN));
    let position: string | null = null;
    for (const id of ids) {
      position = positionBetween(position, null);
      setPageFields(tree, id, { type: 'document', title: `Page ${id}`, slug: id, parent: null, position });
      const body = markdownToPm(`# ${id}\n\nThe body of ${id}.\n`);
      if (!body.ok) throw new Error(body.error.kind);
      writeBody(edits.open(pageDoc(spaceId, MAIN, id)), body.value.body);
    }
    edits.save();
  });
  return ids;
}

/** `EDITS` small inserts into the first paragraph of the pages' bodies, round robin, each its own write. */
function editPages(engine: Engine, spaceId: string, pageIds: readonly string[]): void {
  for (let i = 0; i < EDITS; i++) {
    const edits = new DocEdits(engine.docs);
    firstText(edits.open(pageDoc(spaceId, MAIN, pageIds[i % pageIds.length]!))).insert(0, `[edit ${i}]`);
    edits.save();
  }
}

function firstText(doc: Y.Doc): Y.XmlText {
  const walker = doc.getXmlFragment(BODY_FRAGMENT).createTreeWalker((node) => node instanceof Y.XmlText);
  const next = walker.next();
  if (next.done) throw new Error('a body without text');
  return next.value as Y.XmlText;
}

function caughtUp(status: { state: string; outbox: number }): boolean {
  return status.state === 'connected' && status.outbox === 0;
}

/** Answers are read as loosely as a script reads JSON: the bench picks a few known fields. */
type Json = any;

/** The hub's API without HTTP (a PostgreSQL hub process serves none): setting up and reading what is expected. */
async function inProcess(node: Node, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await node.engine.request({ method, path, headers: { authorization: `Bearer ${node.token}` }, body });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function call(node: Node, method: string, path: string, body?: unknown): Promise<Json> {
  const init = {
    method,
    headers: { authorization: `Bearer ${node.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  // A kept-alive connection the server closed while idle (the seeding takes seconds) fails once: asked again on a new one.
  const response = await fetch(node.server.url + path, init).catch(() => fetch(node.server.url + path, init));
  const json: Json = await response.json();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Polls every 5 ms; the poll's own cost counts against the figure, as a client's would. */
async function until(done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 5));
}

export function report(figures: SyncCatchUpFigures): void {
  console.log(
    `\nSync catch-up on loopback: a replica offline while the hub took ${figures.metadataChanges} metadata changes and ${figures.pageEdits} page edits`,
  );
  console.table({
    'reconnect to caught up, read through its API': {
      ms: Math.round(figures.catchUpMs),
      'cpu ms (hub + replica)': Math.round(figures.catchUpCpuMs),
      target: `≤ ${figures.targetMs}`,
      met: figures.catchUpMs <= figures.targetMs ? 'yes' : 'no',
    },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) report(await benchSyncCatchUp());
