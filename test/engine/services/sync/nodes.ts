import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import * as Y from 'yjs';
import { ApiClient } from '../../../../src-shared/client/client.js';
import { httpTransport } from '../../../../src-shared/client/http-transport.js';
import { bootstrapIfEmpty, type FirstStartOptions } from '../../../../src-main/engine/app/admin/bootstrap.js';
import { Engine, type EngineOptions } from '../../../../src-main/engine/app/engine.js';
import { listen, type RunningServer } from '../../../../src-main/engine/app/http/server.js';
import type { SyncChannel } from '../../../../src-main/engine/services/sync/channel.js';
import { SYNC_PATH } from '../../../../src-main/engine/transports/sync/hub.js';
import type { ReplicaChannelDeps } from '../../../../src-main/engine/services/sync/worker.js';
import { saveUpstream } from '../../../../src-main/engine/services/sync/sql.js';
import { mainTreeDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestClock, TestServer } from '../../../support/server.js';
import { referenceAnswers } from '../../../support/conformance/recorder.js';
import { migratedDataDir } from '../../../support/migrated-database.js';
import { sharedWorkers } from '../../../support/workers.js';

/** Reconnects and pulls after live updates come quickly in tests; the backoff schedule has its unit test. */
const FAST_BACKOFF = { baseMs: 10, capMs: 100 };

/** An engine listening on loopback: a `TestServer`, or a `Replica` serving as a hub. */
export interface Listening {
  server: RunningServer;
}

/** The hub's sync endpoint. */
export const syncUrl = (hub: Listening) => `ws://127.0.0.1:${hub.server.port}${SYNC_PATH}`;

/**
 * A replica: a real engine on its own data dir, served on an ephemeral loopback port, replicating
 * with a hub. It restarts on the same data dir, as a desktop does.
 */
/** A test engine's options besides those every one has (`git`: how often it polls linked repositories). */
export type ReplicaOptions = Pick<EngineOptions, 'git'>;

export class Replica {
  readonly clock = new TestClock();
  engine!: Engine;
  server!: RunningServer;
  client!: ApiClient;
  /** The data dir owner's token (after adoption, the hub user's on this engine). */
  token!: string;
  /**
   * While set, each connection exchanges the change log only and its docs channel never opens, as
   * a connection lost between the two would (the worker restarted after a change takes effect).
   */
  holdDocs = false;

  private constructor(
    readonly dataDir: string,
    /** Its engine's options besides those of every replica (`git`: how often it polls linked repositories). */
    private readonly options: ReplicaOptions = {},
  ) {}

  /** A new replica whose owner sets the hub through `PUT /v1/sync/settings` with `token`. */
  static async connect(hub: Listening, token: string, options: ReplicaOptions = {}): Promise<Replica> {
    const replica = await Replica.alone({}, options);
    await replica.connectTo(hub, token);
    return replica;
  }

  /**
   * A new engine with no hub yet, used on its own (its first start's owner and organization; with
   * `welcome`, the welcome space too, as `serve` and the app start).
   */
  static async alone(firstStart: FirstStartOptions = {}, options: ReplicaOptions = {}): Promise<Replica> {
    const replica = new Replica(migratedDataDir('folio-replica-'), options);
    await replica.open(0, firstStart);
    return replica;
  }

  /** The owner sets the hub through `PUT /v1/sync/settings` with `token`. */
  async connectTo(hub: Listening, token: string): Promise<void> {
    ok(await this.client.call('updateSyncSettings', { params: undefined, body: { url: syncUrl(hub), token } }));
  }

  /** The hub stored unchecked, as `serve --sync-url URL --sync-token TOKEN` stores it, and the worker restarted. */
  setHubUnchecked(url: string, token: string): void {
    saveUpstream(this.engine.db, url, token);
    this.engine.sync.restart();
  }

  /** Closes the engine, keeping its data dir, and opens it again on the same port; the stored settings reconnect it. */
  async restart(): Promise<void> {
    const { port } = this.server;
    await this.close();
    await this.open(port);
  }

  async status() {
    return ok(await this.client.call('getSyncStatus', { params: undefined }));
  }

  async stop(): Promise<void> {
    await this.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private async open(port = 0, firstStart: FirstStartOptions = {}): Promise<void> {
    this.engine = new Engine({ ...this.options, workers: sharedWorkers(), dataDir: this.dataDir, clock: this.clock, checkResponses: true, sync: { backoff: FAST_BACKOFF, quietMs: 20, channels: [docsHeldWhile(() => this.holdDocs)] }, observeAnswers: referenceAnswers.observe });
    bootstrapIfEmpty(this.engine, firstStart);
    this.server = await listen(this.engine, port);
    this.token = readFileSync(join(this.dataDir, 'token'), 'utf8').trim();
    this.client = new ApiClient(httpTransport(this.server.url, this.token, fetch));
    this.engine.sync.start();
  }

  private async close(): Promise<void> {
    await this.server.close();
    this.engine.close();
  }
}

/** A channel of no traffic that keeps the docs channel closed on a connection opened while `held()`. */
function docsHeldWhile(held: () => boolean) {
  return (deps: ReplicaChannelDeps): SyncChannel => {
    if (held()) deps.docsGate.hold();
    return { id: DOCS_HELD_CHANNEL, open: () => {}, receive: () => {}, close: () => {} };
  };
}
const DOCS_HELD_CHANNEL = 99;

/** Waits, polling, until `check` stops throwing; fails with its last error after a few seconds. */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: 10_000, interval: 10 });
}

/** A doc's content as plain JSON, for comparing engines. */
export function contentOf(engine: Engine, docId: string): unknown {
  const doc = engine.docs.load(docId);
  return { pages: doc.getMap('pages').toJSON(), body: doc.getXmlFragment('body').toString(), threads: doc.getMap('threads').toJSON() };
}

/** Everything an engine holds of a doc, as one update: what a hub would send an empty replica. */
export function fullStateOf(server: { engine: Engine }, docId: string): Uint8Array {
  const diff = server.engine.docs.diff(docId, new Uint8Array([0]));
  if (!diff.ok) throw new Error(diff.problem.message);
  return diff.update;
}

/** The doc's state vector, decoded and sorted, so two engines' can be compared. */
export function stateOf(engine: Engine, docId: string): [number, number][] {
  return [...Y.decodeStateVector(engine.docs.stateVector(docId))].sort(([a], [b]) => a - b);
}

/** A hub with one space of its owner's, and the replicas a test connects to it. */
export class SyncedSpace {
  readonly replicas: Replica[] = [];

  private constructor(
    readonly hub: TestServer,
    readonly spaceId: string,
    private readonly options: ReplicaOptions = {},
  ) {}

  /** `options`: the hub's and every replica's engine options besides their own (`git`). */
  static async start(options: ReplicaOptions = {}): Promise<SyncedSpace> {
    const hub = await TestServer.start(options);
    return new SyncedSpace(hub, (await newSpace(hub.owner, hub.organizationId)).id, options);
  }

  /** The space's main page tree. */
  get tree(): string {
    return mainTreeDoc(this.spaceId);
  }

  async replica(token = this.hub.owner.token): Promise<Replica> {
    const started = await Replica.connect(this.hub, token, this.options);
    this.replicas.push(started);
    return started;
  }

  async stop(): Promise<void> {
    for (const replica of this.replicas) await replica.stop();
    await this.hub.stop();
  }
}

/** A new `SyncedSpace` for each test of the suite, stopped after it. */
export function syncedSpaceEachTest(): () => SyncedSpace {
  let synced: SyncedSpace;
  beforeEach(async () => {
    synced = await SyncedSpace.start();
  });
  afterEach(() => synced.stop());
  return () => synced;
}

/** A hub started for each test of the suite, and the replicas a test connects to it; all stopped after it. */
export function hubEachTest(): {
  hub: () => TestServer;
  replicaOf: (user: { token: string }) => Promise<Replica>;
  /** A replica not yet connected (its first start as `Replica.alone` makes it), stopped after the test too. */
  alone: (firstStart?: FirstStartOptions) => Promise<Replica>;
} {
  let hub: TestServer;
  const replicas: Replica[] = [];
  beforeEach(async () => {
    hub = await TestServer.start();
  });
  afterEach(async () => {
    for (const replica of replicas.splice(0)) await replica.stop();
    await hub.stop();
  });
  return {
    hub: () => hub,
    replicaOf: async (user) => {
      const replica = await Replica.connect(hub, user.token);
      replicas.push(replica);
      return replica;
    },
    alone: async (firstStart) => {
      const replica = await Replica.alone(firstStart);
      replicas.push(replica);
      return replica;
    },
  };
}
