import { WebSocket } from 'ws';
import type { SyncState } from '../../../../src-shared/contract/sync.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { Backoff, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
import type { SyncChannel } from './channel.js';
import { SyncConnection } from './connection.js';
import { DocsGate } from './docs-gate.js';
import { ReplicaDocsChannel } from './replica-docs.js';
import { realSchedule, type Schedule } from './schedule.js';
import { closedWords, errorMessageOf, refusedUpgrade, unreachable } from './hub-words.js';
import { readUpstream } from './sql.js';
import { hubAddresses } from '../../../../src-shared/sync/hub-addresses.js';

declare module '../../core/pipeline/context.js' {
  interface Services {
    /** Replication with a hub: its state, and a restart once new settings commit. */
    sync: Pick<SyncWorker, 'state' | 'connectedTo' | 'lastProblem' | 'restart' | 'stop'>;
  }
}

/** A pause in live traffic this long lets the replica pull again, cheaply: see `ReplicaDocsChannel`. */
const QUIET_MS = 5_000;

export interface SyncWorkerDeps {
  db: Database;
  docs: DocStore;
  clock: Clock;
  openDocIds: () => string[];
  /** Calls the listener with each doc a local client starts viewing; returns the function that stops it. */
  onDocOpened: (listener: (docId: string) => void) => () => void;
}

export interface SyncWorkerOptions {
  backoff?: Partial<BackoffOptions>;
  schedule?: Schedule;
  /** How long the hub's live updates pause before the replica pulls again, moving its cursor past them. */
  quietMs?: number;
  /** More channels on the same socket (the metadata change log). */
  channels?: readonly ((deps: ReplicaChannelDeps) => SyncChannel)[];
}

/** What a replica's channel is made with: the engine's, the hub's address, and the docs channel's gate. */
export interface ReplicaChannelDeps extends SyncWorkerDeps {
  url: string;
  schedule: Schedule;
  /** A channel that must go before the docs holds this at construction and releases it when done. */
  docsGate: DocsGate;
}

/**
 * The replica side: one WebSocket to the hub of `sync_upstream`, reconnected with capped,
 * jittered backoff while the settings exist, carrying the docs channel and any other channel.
 */
export class SyncWorker {
  private currentState: SyncState = 'disabled';
  private socket: WebSocket | undefined;
  private connection: SyncConnection | undefined;
  private cancelRetry: (() => void) | undefined;
  private readonly backoff: Backoff;
  private readonly schedule: Schedule;
  private running = false;
  /** Which of the hub's addresses the next connection tries; moves on after each failed or ended connection. */
  private addressIndex = 0;
  /** Why the last attempt or connection ended, or the hub's last refusal; for the status. */
  lastProblem: string | null = null;
  /** The address of the hub process the open connection reached, one of the settings' addresses; null without one. */
  connectedTo: string | null = null;

  constructor(
    private readonly deps: SyncWorkerDeps,
    private readonly options: SyncWorkerOptions = {},
  ) {
    this.backoff = new Backoff({ ...DEFAULT_BACKOFF, ...options.backoff });
    this.schedule = options.schedule ?? realSchedule;
  }

  get state(): SyncState {
    return this.currentState;
  }

  /** Connects to the stored hub, if there is one; `restart` after the settings change. */
  start(): void {
    this.running = true;
    this.backoff.reset();
    this.connect();
  }

  restart(): void {
    this.stop();
    this.start();
  }

  /** Closes the socket and stops reconnecting; the outbox stays in SQLite for the next start. */
  stop(): void {
    this.running = false;
    this.cancelRetry?.();
    this.cancelRetry = undefined;
    const connection = this.connection;
    // Forgotten first, so that the socket's close event schedules no retry.
    this.socket = undefined;
    this.connection = undefined;
    connection?.terminate();
    this.currentState = 'disabled';
    this.connectedTo = null;
  }

  private connect(): void {
    const upstream = readUpstream(this.deps.db);
    if (!this.running || !upstream) {
      this.currentState = 'disabled';
      return;
    }
    this.currentState = 'connecting';
    const addresses = hubAddresses(upstream.url);
    const address = addresses[this.addressIndex % addresses.length]!;
    const socket = new WebSocket(address, { headers: { authorization: `Bearer ${upstream.token}` } });
    this.socket = socket;
    const docsGate = new DocsGate(
      new ReplicaDocsChannel({
        ...this.deps,
        schedule: this.schedule,
        quietMs: this.options.quietMs ?? QUIET_MS,
        refused: (docId, reason) => (this.lastProblem = `The hub refused a change of ${docId}: ${reason}`),
      }),
      // The first exchange went through: what failed before is over.
      () => (this.lastProblem = null),
    );
    const channelDeps: ReplicaChannelDeps = { ...this.deps, url: upstream.url, schedule: this.schedule, docsGate };
    const channels: SyncChannel[] = [docsGate, ...(this.options.channels ?? []).map((make) => make(channelDeps))];
    // Why this attempt ended, in words: our own failure, the hub's refusal, or the socket's error.
    let failure: string | undefined;
    let lasting = false;
    const connection = new SyncConnection(socket, channels, `the hub at ${address}`, undefined, (problem) => (failure = problem));
    this.connection = connection;
    socket.on('open', () => {
      this.currentState = 'connected';
      this.connectedTo = address;
      this.backoff.reset();
      connection.start();
    });
    socket.on('unexpected-response', (_req, res) => {
      void errorMessageOf(res).then((message) => {
        const refusal = refusedUpgrade(address, res.statusCode ?? 0, message);
        failure = refusal.problem;
        lasting = refusal.lasting;
        socket.terminate();
      });
    });
    // Terminating after a refusal reports an error too; the refusal says more.
    socket.on('error', (error) => (failure ??= unreachable(address, error).problem));
    socket.on('close', (code: number, reason: Buffer) => {
      if (this.socket === socket) this.connectedTo = null;
      this.lastProblem = failure ?? closedWords(code, reason.toString('utf8')) ?? this.lastProblem;
      if (lasting) this.refused(socket);
      else this.retryLater(socket);
    });
  }

  /** The hub will not admit this token or connection: trying again cannot help until the settings change. */
  private refused(socket: WebSocket): void {
    if (this.socket !== socket || !this.running) return;
    this.socket = undefined;
    this.connection = undefined;
    this.currentState = 'refused';
  }

  private retryLater(socket: WebSocket): void {
    if (this.socket !== socket || !this.running) return;
    this.socket = undefined;
    this.connection = undefined;
    this.currentState = 'offline';
    // Another process of the hub, if it has several: the one that failed may be gone for good.
    this.addressIndex++;
    this.cancelRetry = this.schedule(() => {
      this.cancelRetry = undefined;
      this.connect();
    }, this.backoff.next());
  }
}
