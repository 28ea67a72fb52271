import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { BODY_FRAGMENT, markdownToPm, writeBody } from '../src-shared/content/index.js';
import { addOrganization, addUser, AdminError, issueToken } from '../src-main/engine/app/admin/commands.js';
import type { Engine } from '../src-main/engine/app/engine.js';
import { MAIN, pageDoc, parseDocName } from '../src-shared/sync/doc-names.js';
import { DOCS_CHANNEL } from '../src-main/engine/services/sync/channel.js';
import { decodeDocMessage, encodeDocMessage } from '../src-main/engine/services/sync/doc-messages.js';
import { decodeFrame, encodeFrame } from '../src-main/engine/services/sync/frames.js';
import { SYNC_PATH } from '../src-main/engine/transports/sync/hub.js';
import { startPostgresHub } from '../src-main/engine/app/sync/postgres/hub-server.js';
import { openPostgresEngine } from '../src-main/engine/app/sync/postgres/working-copy.js';
import { YJS_PATH } from '../src-main/engine/transports/yjs/yjs-server.js';
import { startPostgres, type TestPostgres } from '../test/support/postgres.js';
import { benchSyncCatchUp, seedPages, type SyncCatchUpFigures } from './sync-catchup.js';
import { cpuMs, residentBytes, startScript, stop, type BenchChild } from './sync-children.js';
import { opened, socket, Writer, yjsUpdate } from './sync-fanout.js';
import type { Node } from './sync.js';

/**
 * Issue 18's figures: a hub of two processes on one PostgreSQL (each `bench/sync-pg-hub.ts`, as
 * `npm run serve -- --postgres` runs it) beside the single SQLite hub (`bench/sync-hub.ts`), in
 * the same run. PostgreSQL is started here in a temporary folder (test/support/postgres.ts).
 * - Fan-out 1 → 200 across the two processes: the writer on process A, 100 peers on A and 100 on
 *   B (y-websocket clients); each edit's time to each peer, by process, and each process's CPU
 *   per edit against the single hub with all 200 peers. B's peers are the cross-process figure.
 * - Catch-up from a PostgreSQL hub process (in this process, as sync-catchup.ts runs its hub).
 * - Memory: 1,000 idle replicas, 500 on each process; the RSS both processes gained.
 * - Throughput: clients pushing updates on /v1/sync, each waiting for its `ack` (committed in
 *   PostgreSQL) before the next, for `SECONDS`: acknowledged updates per second of the cluster
 *   and of the single hub.
 */
const PEERS = 200;
const EDITS = 300;
const WARM_UP = 30;
const IDLE_PEERS = 1_000;
const CATCH_UP_ROUNDS = 3;
const CATCH_UP_TARGET_MS = 2_000;
const LOAD_CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CROSS_PROCESS_TARGET_MS = 20;

interface Latencies {
  name: string;
  p50: number;
  p99: number;
  max: number;
}

export interface ClusterFigures {
  fanOut: { latencies: Latencies[]; cpuPerEdit: { name: string; ms: number }[]; missed: number };
  /** Catch-ups from a PostgreSQL hub process and from the single SQLite hub, alternated, after a first one cold. */
  catchUps: { cold: SyncCatchUpFigures; postgres: SyncCatchUpFigures[]; single: SyncCatchUpFigures[] };
  idle: { peers: number; addedBytes: number[] };
  throughput: { name: string; clients: number; perSecond: number }[];
}

export async function benchSyncCluster(): Promise<ClusterFigures> {
  const postgres = await startPostgres();
  try {
    const fanOut = await benchFanOut(postgres);
    const catchUps = await benchCatchUps(postgres);
    const idle = await benchIdle(postgres);
    const throughput = await benchThroughput(postgres);
    return {
      fanOut,
      catchUps,
      idle,
      throughput,
    };
  } finally {
    await postgres.destroy();
  }
}

/** A database holding a user with a token, their organization, and a space of one page. */
async function seededDatabase(postgres: TestPostgres): Promise<{ url: string; token: string; docId: string }> {
  const url = await postgres.newDatabase();
  const opened = await openPostgresEngine(url);
  try {
    const { engine } = opened;
    const { token, organizationId } = owner(engine);
    const space = await engine.request({ method: 'POST', path: `/v1/orgs/${organizationId}/spaces`, headers: { authorization: `Bearer ${token}` }, body: { title: 'Bench' } });
    const spaceId = (space.body as { id: string }).id;
    const [pageId] = seedPages(engine, spaceId, 1);
    return { url, token, docId: pageDoc(spaceId, MAIN, pageId!) };
  } finally {
    opened.close();
  }
}

function owner(engine: Engine): { token: string; organizationId: string } {
  const made = (result: string | AdminError) => {
    if (result instanceof AdminError) throw new Error(result.message);
    return result;
  };
  made(addUser(engine, 'bench@example.com', 'Bench'));
  return { token: made(issueToken(engine, 'bench@example.com')), organizationId: made(addOrganization(engine, 'Bench', 'bench@example.com')) };
}

async function startHubs(url: string, count: number, children: BenchChild[]): Promise<BenchChild[]> {
  const hubs = await Promise.all(Array.from({ length: count }, () => startScript('bench/sync-pg-hub.ts', [url], /^hub \d+/)));
  children.push(...hubs);
  return hubs;
}

const yjsUrl = (port: string, token: string, docId: string) => `ws://127.0.0.1:${port}${YJS_PATH}${encodeURIComponent(docId)}?token=${token}`;
const cpu = (child: BenchChild) => cpuMs(child.process.pid!, (path) => readFileSync(path, 'utf8'));

async function benchFanOut(postgres: TestPostgres): Promise<ClusterFigures['fanOut']> {
  const children: BenchChild[] = [];
  const sockets: WebSocket[] = [];
  try {
    const { url, token, docId } = await seededDatabase(postgres);
    const [a, b] = await startHubs(url, 2, children);
    const single = await startScript('bench/sync-hub.ts', [], /^hub /);
    children.push(single);
    const [, singlePort, singleToken, singleDoc] = single.ready;

    /** Peers of one writer, each counted in its group. */
    const peers = async (writer: Writer, groups: { url: string; count: number }[]) => {
      for (const [group, { url: peerUrl, count }] of groups.entries()) {
        const opening = Array.from({ length: count }, () => socket(peerUrl, {}, sockets, (data) => yjsUpdate(data) && writer.received(group)));
        await Promise.all(opening.map(opened));
      }
    };
    const singleWriter = await Writer.connect(yjsUrl(singlePort!, singleToken!, singleDoc!), sockets);
    await peers(singleWriter, [{ url: yjsUrl(singlePort!, singleToken!, singleDoc!), count: PEERS }]);
    const clusterWriter = await Writer.connect(yjsUrl(a!.ready[1]!, token, docId), sockets);
    await peers(clusterWriter, [
      { url: yjsUrl(a!.ready[1]!, token, docId), count: PEERS / 2 },
      { url: yjsUrl(b!.ready[1]!, token, docId), count: PEERS / 2 },
    ]);

    const samples = { single: [] as number[], same: [] as number[], other: [] as number[] };
    const cpuAtStart = new Map<BenchChild, number>();
    let missed = 0;
    for (let i = 0; i < WARM_UP + EDITS; i++) {
      if (i === WARM_UP) for (const child of [single, a!, b!]) cpuAtStart.set(child, cpu(child));
      const alone = await singleWriter.edit(PEERS);
      const across = await clusterWriter.edit(PEERS);
      missed += alone.missed + across.missed;
      if (i < WARM_UP) continue;
      samples.single.push(...alone.latencies);
      across.latencies.forEach((ms, n) => (across.groups[n] === 0 ? samples.same : samples.other).push(ms));
    }
    const perEdit = (child: BenchChild) => (cpu(child) - cpuAtStart.get(child)!) / EDITS;
    return {
      latencies: [
        summarise('single SQLite hub, 200 peers', samples.single),
        summarise('PostgreSQL hub: peers on the writer’s process', samples.same),
        summarise('PostgreSQL hub: peers on the other process', samples.other),
      ],
      cpuPerEdit: [
        { name: 'single SQLite hub (200 peers)', ms: perEdit(single) },
        { name: 'process A (writer, 100 peers)', ms: perEdit(a!) },
        { name: 'process B (100 peers)', ms: perEdit(b!) },
      ],
      missed,
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    await Promise.all(children.map(stop));
  }
}

/**
 * The first catch-up in this process runs the code of both engines cold (~0.5–1.5 s more here,
 * whichever the hub): it is timed and shown apart, from the single hub, and then each kind of
 * hub is timed `CATCH_UP_ROUNDS` times, alternated, so neither always comes first.
 */
async function benchCatchUps(postgres: TestPostgres): Promise<ClusterFigures['catchUps']> {
  const cold = await benchSyncCatchUp();
  const catchUps: ClusterFigures['catchUps'] = { cold, postgres: [], single: [] };
  for (let round = 0; round < CATCH_UP_ROUNDS; round++) {
    catchUps.postgres.push(await benchSyncCatchUp(() => postgresHubNode(postgres)));
    catchUps.single.push(await benchSyncCatchUp());
  }
  return catchUps;
}

/** A PostgreSQL hub process in this one, as sync-catchup.ts wants its hub: engine, server, token. */
export async function postgresHubNode(postgres: TestPostgres): Promise<Node> {
  const url = await postgres.newDatabase();
  const hub = await startPostgresHub(url, 0, (message) => {
    throw new Error(message);
  });
  const { token } = owner(hub.opened.engine);
  return { engine: hub.opened.engine, dataDir: hub.opened.engine.options.dataDir, token, server: { port: hub.port, url: hub.url, close: () => hub.close() } };
}

async function benchIdle(postgres: TestPostgres): Promise<ClusterFigures['idle']> {
  const children: BenchChild[] = [];
  try {
    const { url, token } = await seededDatabase(postgres);
    const hubs = await startHubs(url, 2, children);
    const syncUrl = (hub: BenchChild) => `ws://127.0.0.1:${hub.ready[1]}${SYNC_PATH}`;
    const rss = (hub: BenchChild) => residentBytes(hub.process.pid!, (path) => readFileSync(path, 'utf8'));
    for (const hub of hubs) await stop(await startScript('bench/sync-idle-peers.ts', [syncUrl(hub), token, '1'], /^idle /));
    await quiet();
    const before = hubs.map(rss);
    for (const hub of hubs) children.push(await startScript('bench/sync-idle-peers.ts', [syncUrl(hub), token, String(IDLE_PEERS / hubs.length)], /^idle /));
    await quiet();
    return { peers: IDLE_PEERS, addedBytes: hubs.map((hub, n) => rss(hub) - before[n]!) };
  } finally {
    await Promise.all(children.map(stop));
  }
}

async function benchThroughput(postgres: TestPostgres): Promise<ClusterFigures['throughput']> {
  const children: BenchChild[] = [];
  try {
    const single = await startScript('bench/sync-hub.ts', [], /^hub /);
    children.push(single);
    const { url, token, docId } = await seededDatabase(postgres);
    const hubs = await startHubs(url, 2, children);
    const singleFigure = await pushFor([single.ready[1]!], single.ready[2]!, single.ready[3]!);
    const clusterFigure = await pushFor(
      hubs.map((hub) => hub.ready[1]!),
      token,
      docId,
    );
    return [
      { name: 'single SQLite hub', clients: LOAD_CLIENTS, perSecond: singleFigure },
      { name: 'PostgreSQL hub, 2 processes', clients: LOAD_CLIENTS, perSecond: clusterFigure },
    ];
  } finally {
    await Promise.all(children.map(stop));
  }
}

/** `LOAD_CLIENTS` replicas' sockets spread over `ports`, each writing a page body of its own: acknowledged updates per second. */
async function pushFor(ports: string[], token: string, anyDocOfTheSpace: string): Promise<number> {
  const spaceId = parseDocName(anyDocOfTheSpace)!.spaceId;
  const clients = await Promise.all(
    Array.from({ length: LOAD_CLIENTS }, (_, n) => PushingClient.connect(`ws://127.0.0.1:${ports[n % ports.length]}${SYNC_PATH}`, token, pageDoc(spaceId, MAIN, `load${n}`))),
  );
  try {
    const until = performance.now() + SECONDS * 1000;
    const counts = await Promise.all(clients.map((client) => client.pushUntil(until)));
    return counts.reduce((sum, n) => sum + n, 0) / SECONDS;
  } finally {
    for (const client of clients) client.close();
  }
}

/** A replica's socket that writes one doc: an update, then the next once the hub acknowledged it. */
class PushingClient {
  private readonly doc = new Y.Doc();
  private answered: ((acked: boolean) => void) | undefined;

  private constructor(
    private readonly ws: WebSocket,
    private readonly docId: string,
  ) {
    ws.on('message', (data: Buffer) => {
      const frame = decodeFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      if (frame.channel !== DOCS_CHANNEL) return;
      const message = decodeDocMessage(frame.payload);
      if (message.type === 'ack' || message.type === 'refused' || message.type === 'unavailable') this.answered?.(message.type === 'ack');
    });
  }

  static async connect(url: string, token: string, docId: string): Promise<PushingClient> {
    const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
    await opened(ws);
    const client = new PushingClient(ws, docId);
    const body = markdownToPm('# Load\n\nThe body.\n');
    if (!body.ok) throw new Error(body.error.kind);
    if (!(await client.push(() => writeBody(client.doc, body.value.body)))) throw new Error(`the hub did not take ${docId}`);
    return client;
  }

  async pushUntil(until: number): Promise<number> {
    let acked = 0;
    while (performance.now() < until) {
      const text = this.doc.getXmlFragment(BODY_FRAGMENT).createTreeWalker((node) => node instanceof Y.XmlText).next().value as Y.XmlText;
      if (await this.push(() => text.insert(0, 'x'))) acked++;
    }
    return acked;
  }

  close(): void {
    this.ws.terminate();
  }

  private push(change: () => void): Promise<boolean> {
    const before = Y.encodeStateVector(this.doc);
    change();
    const update = Y.encodeStateAsUpdate(this.doc, before);
    const answer = new Promise<boolean>((resolve) => (this.answered = resolve));
    this.ws.send(encodeFrame(DOCS_CHANNEL, encodeDocMessage({ type: 'update', docId: this.docId, update, stateVector: Y.encodeStateVector(this.doc) })));
    return answer;
  }
}

function quiet(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1_000));
}

function summarise(name: string, samples: number[]): Latencies {
  const sorted = [...samples].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { name, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

export function report(figures: ClusterFigures): void {
  const ms = (value: number) => Number(value.toFixed(2));
  console.log(`\nHub of 2 processes on PostgreSQL: fan-out 1 → ${PEERS} (${PEERS / 2} peers on each process), ${EDITS} edits, beside the single SQLite hub; ${figures.fanOut.missed} missed`);
  console.table(
    figures.fanOut.latencies.map((row) => ({
      peers: row.name,
      'p50 ms': ms(row.p50),
      'p99 ms': ms(row.p99),
      'max ms': ms(row.max),
      target: row.name.includes('other') ? `p99 ≤ ${CROSS_PROCESS_TARGET_MS}` : '',
      met: row.name.includes('other') ? (row.p99 <= CROSS_PROCESS_TARGET_MS ? 'yes' : 'no') : '',
    })),
  );
  const single = figures.fanOut.cpuPerEdit[0]!.ms;
  console.table(
    figures.fanOut.cpuPerEdit.map((row, n) => ({
      process: row.name,
      'CPU ms / edit': ms(row.ms),
      target: n === 0 ? '' : `≤ ${ms(single)}`,
      met: n === 0 ? '' : row.ms <= single ? 'yes' : 'no',
    })),
  );
  console.log(
    `\nCatch-up of 10,000 metadata changes and 1,000 page edits, reconnect to caught up, read through the replica’s API (median of ${CATCH_UP_ROUNDS}, alternated, after a first one cold)`,
  );
  const catchUpRow = (runs: SyncCatchUpFigures[]) => {
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const wall = runs.map((run) => run.catchUpMs);
    return {
      ms: Math.round(median(wall)),
      range: `${Math.round(Math.min(...wall))}–${Math.round(Math.max(...wall))}`,
      'cpu ms (hub + replica)': Math.round(median(runs.map((run) => run.catchUpCpuMs))),
      target: `≤ ${CATCH_UP_TARGET_MS}`,
      met: median(wall) <= CATCH_UP_TARGET_MS ? 'yes' : 'no',
    };
  };
  console.table({
    'from a PostgreSQL hub process': catchUpRow(figures.catchUps.postgres),
    'from the single SQLite hub (same run)': catchUpRow(figures.catchUps.single),
    'the first, cold, from the single SQLite hub': { ...catchUpRow([figures.catchUps.cold]), range: '', target: '', met: '' },
  });
  const added = figures.idle.addedBytes.reduce((sum, bytes) => sum + bytes, 0);
  console.log(`\n${figures.idle.peers} idle replicas over 2 PostgreSQL hub processes`);
  console.table({
    'RSS added': {
      'process A MB': ms(figures.idle.addedBytes[0]! / 2 ** 20),
      'process B MB': ms(figures.idle.addedBytes[1]! / 2 ** 20),
      'total MB': ms(added / 2 ** 20),
      target: '≤ 100 MB',
      met: added <= 100 * 2 ** 20 ? 'yes' : 'no',
    },
  });
  console.log(`\nAccepted updates per second (${LOAD_CLIENTS} replicas' sockets, each waiting for its ack), ${SECONDS}s each`);
  console.table(figures.throughput.map((row) => ({ hub: row.name, 'updates / s': Math.round(row.perSecond) })));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) report(await benchSyncCluster());
