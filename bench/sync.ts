import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as Y from 'yjs';
import { ApiClient } from '../src-shared/client/client.js';
import { httpTransport } from '../src-shared/client/http-transport.js';
import { bootstrapIfEmpty } from '../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../src-main/engine/app/engine.js';
import { listen, type RunningServer } from '../src-main/engine/app/http/server.js';
import { MAIN, pageDoc } from '../src-shared/sync/doc-names.js';
import { SYNC_PATH } from '../src-main/engine/transports/sync/hub.js';
import { changesSince, outboxSize, readUpstream, saveUpstream } from '../src-main/engine/services/sync/sql.js';

/**
 * Doc replication between a hub and one replica, both real engines on loopback in this process:
 * the first pull of 1,000 docs; the reconnect after N small edits spread over them, made on the
 * hub (pulled) or on the offline replica (pushed); and the throughput of small updates pushed
 * live by a connected replica, each acknowledged once committed on the hub.
 */
export interface SyncBenchOptions {
  docs?: number;
  edits?: number;
  liveUpdates?: number;
}

export interface SyncBenchResult {
  docs: number;
  edits: number;
  firstPullMs: number;
  reconnectPullMs: number;
  docsListedOnReconnect: number;
  reconnectPushMs: number;
  liveUpdates: number;
  liveUpdatesPerSecond: number;
  /** Of `liveMs`, the writes themselves on the replica, before any is sent. */
  liveWritingMs: number;
  liveMs: number;
}

export interface Node {
  engine: Engine;
  server: RunningServer;
  token: string;
  dataDir: string;
}

export async function benchSync(options: SyncBenchOptions = {}): Promise<SyncBenchResult> {
  const docCount = options.docs ?? 1_000;
  const edits = options.edits ?? 100;
  const liveUpdates = options.liveUpdates ?? 2_000;
  const hub = await node();
  const replica = await node();
  try {
    const spaceId = await newSpace(hub);
    const docIds = Array.from({ length: docCount }, (_, i) => pageDoc(spaceId, MAIN, `page${String(i).padStart(5, '0')}`));
    for (const docId of docIds) edit(hub.engine, docId, 'first paragraph');

    saveUpstream(replica.engine.db, `ws://127.0.0.1:${hub.server.port}${SYNC_PATH}`, hub.token);
    const firstPullMs = await timed(() => replica.engine.sync.start(), () => pulledAll(hub, replica));

    replica.engine.sync.stop();
    for (let i = 0; i < edits; i++) edit(hub.engine, docIds[(i * 7919) % docCount]!, `hub edit ${i} `);
    const docsListedOnReconnect = changesSince(hub.engine.db, readUpstream(replica.engine.db)!.cursor).docIds.length;
    const reconnectPullMs = await timed(() => replica.engine.sync.start(), () => pulledAll(hub, replica));

    replica.engine.sync.stop();
    for (let i = 0; i < edits; i++) edit(replica.engine, docIds[(i * 104729) % docCount]!, `replica edit ${i} `);
    const reconnectPushMs = await timed(() => replica.engine.sync.start(), () => outboxSize(replica.engine.db) === 0);

    let writingMs = 0;
    const liveMs = await timed(
      () => {
        const began = performance.now();
        for (let i = 0; i < liveUpdates; i++) edit(replica.engine, docIds[i % 10]!, 'x');
        writingMs = performance.now() - began;
      },
      () => outboxSize(replica.engine.db) === 0,
    );
    return {
      docs: docCount,
      edits,
      firstPullMs,
      reconnectPullMs,
      docsListedOnReconnect,
      reconnectPushMs,
      liveUpdates,
      liveUpdatesPerSecond: (liveUpdates * 1000) / liveMs,
      liveWritingMs: writingMs,
      liveMs,
    };
  } finally {
    for (const { engine, server, dataDir } of [replica, hub]) {
      await server.close();
      engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

export async function node(): Promise<Node> {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-sync-'));
  const engine = new Engine({ dataDir });
  bootstrapIfEmpty(engine);
  const server = await listen(engine, 0);
  return { engine, server, dataDir, token: readFileSync(join(dataDir, 'token'), 'utf8').trim() };
}

async function newSpace(hub: Node): Promise<string> {
  const client = new ApiClient(httpTransport(hub.server.url, hub.token, fetch));
  const orgs = await client.call('listOrganizationsForAuthenticatedUser', { params: undefined });
  if (!orgs.ok) throw new Error(orgs.error.message);
  const space = await client.call('createSpace', { params: { organizationId: orgs.data.items[0]!.id }, body: { title: 'Bench' } });
  if (!space.ok) throw new Error(space.error.message);
  return space.data.id;
}

/** An editor's copy of each doc, per engine, as a client keeps one: a small edit costs a small update. */
const editors = new WeakMap<Engine, Map<string, Y.Doc>>();

/** One small edit: made on the editor's copy (caught up with the store first), its update appended. */
function edit(engine: Engine, docId: string, text: string): void {
  if (!editors.has(engine)) editors.set(engine, new Map());
  const copies = editors.get(engine)!;
  const copy = copies.get(docId) ?? new Y.Doc();
  copies.set(docId, copy);
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(engine.docs.load(docId), Y.encodeStateVector(copy)));
  const before = Y.encodeStateVector(copy);
  copy.getText('text').insert(0, text);
  const appended = engine.docs.append(docId, Y.encodeStateAsUpdate(copy, before));
  if (!appended.ok) throw new Error(appended.problem.message);
}

/** The replica's cursor has reached every doc change the hub has. */
function pulledAll(hub: Node, replica: Node): boolean {
  return (readUpstream(replica.engine.db)?.cursor ?? 0) >= changesSince(hub.engine.db, Number.MAX_SAFE_INTEGER).counter;
}

/** Milliseconds from `start` until `done` holds, checked after each turn of the event loop. */
async function timed(start: () => void, done: () => boolean): Promise<number> {
  const began = performance.now();
  start();
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
  return performance.now() - began;
}

export function report(result: SyncBenchResult): void {
  console.log(
    `\nSync over loopback, ${result.docs} docs: first pull ${result.firstPullMs.toFixed(0)} ms; ` +
      `after ${result.edits} edits on the hub, reconnect pulls ${result.docsListedOnReconnect} docs in ${result.reconnectPullMs.toFixed(0)} ms; ` +
      `after ${result.edits} offline edits, reconnect pushes them in ${result.reconnectPushMs.toFixed(0)} ms; ` +
      `${result.liveUpdates} live updates written and acknowledged in ${result.liveMs.toFixed(0)} ms ` +
      `(${result.liveUpdatesPerSecond.toFixed(0)}/s; writing them took ${result.liveWritingMs.toFixed(0)} ms)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) report(await benchSync());
