import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { WebSocket } from 'ws';
import * as sync from 'y-protocols/sync';
import * as Y from 'yjs';
import { BODY_FRAGMENT, markdownToPm, writeBody } from '../src-shared/content/index.js';
import { DOCS_CHANNEL } from '../src-main/engine/services/sync/channel.js';
import { encodeDocMessage } from '../src-main/engine/services/sync/doc-messages.js';
import { encodeFrame } from '../src-main/engine/services/sync/frames.js';
import { SYNC_PATH } from '../src-main/engine/transports/sync/hub.js';
import { YJS_PATH } from '../src-main/engine/transports/yjs/yjs-server.js';
import { cpuMs, startScript, stop, type BenchChild } from './sync-children.js';

/**
 * Issue 5's fan-out figure: one writer makes small edits to a page body that 200 peers are
 * subscribed to; each edit's propagation time to each peer is taken (from the writer's send to
 * the peer's receipt, all clients in this process, one clock; a peer reads two bytes of each
 * message, so the clients' own work stays small). The same workload runs against
 * `@y/websocket-server` (the baseline) and Folio's hub, each server in its own process, edit by
 * edit in turn so that both meet the same machine load: Folio's y-websocket endpoint
 * (`/v1/yjs/<doc>`) and its sync endpoint (`/v1/sync`, 200 replicas' sockets). The writer waits
 * until every peer has an edit before the next, so the figure is propagation, not queueing.
 */
export interface FanOutOptions {
  peers?: number;
  edits?: number;
  warmUp?: number;
}

export interface FanOutFigures {
  peers: number;
  edits: number;
  targets: { name: string; p50: number; p99: number; max: number; missed: number; cpuPerEdit: number }[];
}

interface Target {
  name: string;
  writer: Writer;
  /** The server's process: its CPU time over the measured edits is the work it did for them. */
  server: BenchChild;
  cpuMs: number;
  /** Per edit, per peer: milliseconds from the send to the receipt. */
  latencies: number[][];
  missed: number;
  /** Updates received by all peers, to check that each was an edit. */
  received: number;
}

const TIMEOUT_MS = 5_000;

export async function benchSyncFanOut(options: FanOutOptions = {}): Promise<FanOutFigures> {
  const peerCount = options.peers ?? 200;
  const edits = options.edits ?? 300;
  const warmUp = options.warmUp ?? 30;
  const children: BenchChild[] = [];
  const sockets: WebSocket[] = [];
  try {
    const baseline = await startScript('bench/sync-baseline-server.ts', [], /^baseline \d+/);
    const floor = await startScript('bench/sync-floor-server.ts', [], /^floor \d+/);
    const yjsHub = await startScript('bench/sync-hub.ts', [], /^hub /);
    const syncHub = await startScript('bench/sync-hub.ts', [], /^hub /);
    children.push(baseline, floor, yjsHub, syncHub);
    const [, baselinePort] = baseline.ready;
    const yjsUrl = (hub: BenchChild) => `ws://127.0.0.1:${hub.ready[1]}${YJS_PATH}${encodeURIComponent(hub.ready[3]!)}?token=${hub.ready[2]}`;
    const targets: Target[] = [];
    /** `hello`: what a peer sends once connected (a replica asks which docs changed, which opens its docs channel). */
    const connect = async (name: string, server: BenchChild, writerUrl: string, peerUrl: string, headers: Record<string, string>, isUpdate: IsUpdate, hello?: Uint8Array) => {
      const writer = await Writer.connect(writerUrl, sockets);
      const target: Target = { name, writer, server, cpuMs: 0, latencies: [], missed: 0, received: 0 };
      const receive = (data: Uint8Array) => {
        if (!isUpdate(data)) return;
        target.received += 1;
        writer.received();
      };
      for (let i = 0; i < peerCount; i += 50) {
        const peers = Array.from({ length: Math.min(50, peerCount - i) }, () => socket(peerUrl, headers, sockets, receive));
        await Promise.all(peers.map(opened));
        if (hello) for (const peer of peers) peer.send(hello);
      }
      targets.push(target);
    };
    const baselineUrl = `ws://127.0.0.1:${baselinePort}/fan-out`;
    await connect('@y/websocket-server', baseline, baselineUrl, baselineUrl, {}, yjsUpdate);
    const floorUrl = `ws://127.0.0.1:${floor.ready[1]}/fan-out`;
    await connect('floor: relay only', floor, floorUrl, floorUrl, {}, yjsUpdate);
    await connect('Folio /v1/yjs', yjsHub, yjsUrl(yjsHub), yjsUrl(yjsHub), {}, yjsUpdate);
    await connect('Folio /v1/sync', syncHub, yjsUrl(syncHub), `ws://127.0.0.1:${syncHub.ready[1]}${SYNC_PATH}`, { authorization: `Bearer ${syncHub.ready[2]}` }, syncUpdate, replicaHello);
    const cpu = (target: Target) => cpuMs(target.server.process.pid!, (path) => readFileSync(path, 'utf8'));

    for (let i = 0; i < warmUp + edits; i++) {
      if (i === warmUp) for (const target of targets) target.cpuMs = cpu(target);
      for (const target of targets) {
        const { latencies, missed } = await target.writer.edit(peerCount);
        if (i >= warmUp) target.latencies.push(latencies);
        target.missed += missed;
      }
    }
    for (const target of targets) target.cpuMs = cpu(target) - target.cpuMs;
    for (const target of targets) {
      if (target.received !== (warmUp + edits) * peerCount - target.missed) throw new Error(`${target.name}: peers received updates that were not the edits`);
    }
    return { peers: peerCount, edits, targets: targets.map((target) => summarise(target, edits)) };
  } finally {
    for (const socket of sockets) socket.terminate();
    await Promise.all(children.map(stop));
  }
}

/**
 * Whether a message is a doc update, read from its first two bytes only: the writer waits for
 * every peer before its next edit and nothing else writes the doc, so the update a peer receives
 * is the edit in flight. Peers count what they got, and the writer checks it at the end.
 */
type IsUpdate = (data: Uint8Array) => boolean;

/** y-websocket: message type sync (0), then y-protocols' update (2). */
export const yjsUpdate: IsUpdate = (data) => data[0] === 0 && data[1] === sync.messageYjsUpdate;

/** A replica's first docs-channel message: after it, the hub sends the replica live updates. */
const replicaHello = encodeFrame(DOCS_CHANNEL, encodeDocMessage({ type: 'changes-since', cursor: 0 }));

/** Folio's sync socket: the docs channel (0), then its `update` message (2). */
const syncUpdate: IsUpdate = (data) => data[0] === DOCS_CHANNEL && data[1] === 2;

/** A client socket whose messages go to `receive`; `opened` waits for the handshake. */
export function socket(url: string, headers: Record<string, string>, sockets: WebSocket[], receive: (data: Uint8Array) => void): WebSocket {
  const ws = new WebSocket(url, { headers });
  sockets.push(ws);
  ws.on('message', (data: Buffer) => receive(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
  return ws;
}

export function opened(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
}

/**
 * The one writer of a target: a y-websocket client holding the doc. Each edit inserts one
 * character into the body's first paragraph, so edit n ends at clock n + 1 of its client.
 */
export class Writer {
  private readonly doc = new Y.Doc();
  private sentAt = 0;
  /** How many peers should get the edit in flight. */
  private peers = 0;
  private latencies: number[] = [];
  /** Per receipt, which group of peers it came from (the cluster bench's processes). */
  private groups: number[] = [];
  private done: (() => void) | undefined;

  private ws: WebSocket | undefined;
  private synced: () => void = () => {};

  static async connect(url: string, sockets: WebSocket[]): Promise<Writer> {
    const writer = new Writer();
    const synced = new Promise<void>((resolve) => (writer.synced = resolve));
    writer.ws = socket(url, {}, sockets, (data) => writer.receive(data));
    await opened(writer.ws);
    writer.send((encoder) => sync.writeSyncStep1(encoder, writer.doc));
    await synced;
    writer.seedBody();
    return writer;
  }

  /** The server's sync messages: its step 1 is answered, its step 2 means the writer holds the doc. */
  private receive(data: Uint8Array): void {
    const decoder = decoding.createDecoder(data);
    if (decoding.readVarUint(decoder) !== 0) return;
    const reply = encoding.createEncoder();
    encoding.writeVarUint(reply, 0);
    const step = sync.readSyncMessage(decoder, reply, this.doc, 'server');
    if (encoding.length(reply) > 1) this.ws!.send(encoding.toUint8Array(reply));
    if (step === sync.messageYjsSyncStep2) this.synced();
  }

  /** The baseline's doc starts empty: it gets the body Folio's page has, so both edits are alike. */
  private seedBody(): void {
    if (this.doc.getXmlFragment(BODY_FRAGMENT).length > 0) return;
    const body = markdownToPm('# Fan-out\n\nThe body of the page.\n');
    if (!body.ok) throw new Error(body.error.kind);
    this.write(() => writeBody(this.doc, body.value.body));
  }

  /** One edit; settles when every peer has it, or after `TIMEOUT_MS` (the missing are counted). */
  async edit(peers: number): Promise<{ latencies: number[]; groups: number[]; missed: number }> {
    this.peers = peers;
    this.latencies = [];
    this.groups = [];
    const all = new Promise<void>((resolve) => (this.done = resolve));
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, TIMEOUT_MS).unref());
    this.write(() => firstText(this.doc).insert(0, 'x'));
    await Promise.race([all, timeout]);
    this.done = undefined;
    return { latencies: this.latencies, groups: this.groups, missed: peers - this.latencies.length };
  }

  /** A peer (of `group`) has the edit in flight. */
  received(group = 0): void {
    if (!this.done) return;
    this.latencies.push(performance.now() - this.sentAt);
    this.groups.push(group);
    if (this.latencies.length === this.peers) this.done();
  }

  private write(change: () => void): void {
    const before = Y.encodeStateVector(this.doc);
    change();
    const update = Y.encodeStateAsUpdate(this.doc, before);
    this.send((encoder) => sync.writeUpdate(encoder, update));
  }

  private send(write: (encoder: encoding.Encoder) => void): void {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 0);
    write(encoder);
    this.sentAt = performance.now();
    this.ws!.send(encoding.toUint8Array(encoder));
  }
}

function firstText(doc: Y.Doc): Y.XmlText {
  const next = doc.getXmlFragment(BODY_FRAGMENT).createTreeWalker((node) => node instanceof Y.XmlText).next();
  if (next.done) throw new Error('a body without text');
  return next.value as Y.XmlText;
}

function summarise(target: Target, edits: number): FanOutFigures['targets'][number] {
  const all = target.latencies.flat().sort((a, b) => a - b);
  const at = (q: number) => all[Math.min(all.length - 1, Math.floor(q * all.length))] ?? NaN;
  return { name: target.name, p50: at(0.5), p99: at(0.99), max: all.at(-1) ?? NaN, missed: target.missed, cpuPerEdit: target.cpuMs / edits };
}

export function report(figures: FanOutFigures): void {
  const baseline = figures.targets[0]!;
  console.log(`\nSync fan-out: 1 writer, ${figures.peers} peers on one doc, ${figures.edits} edits each, targets in turn, same run`);
  console.table(
    figures.targets.map((t) => ({
      server: t.name,
      'p50 ms': Number(t.p50.toFixed(2)),
      'p99 ms': Number(t.p99.toFixed(2)),
      'max ms': Number(t.max.toFixed(2)),
      'p99 / baseline': Number((t.p99 / baseline.p99).toFixed(2)),
      target: t === baseline || t.name.startsWith('floor') ? '' : '≤ 0.5',
      'server CPU ms / edit': Number(t.cpuPerEdit.toFixed(2)),
      missed: t.missed,
    })),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) report(await benchSyncFanOut());
