import { WebSocket } from 'ws';
import type { SyncState } from '../../../src-shared/contract/sync.js';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { DocStore } from '../docs/store.js';
import { Backoff, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
import type { SyncChannel } from './channel.js';
import { SyncConnection } from './connection.js';
import { ReplicaDocsChannel } from './replica-docs.js';
import { readUpstream } from './sql.js';

/** Schedules a call; answers the function that cancels it. Injectable, so tests drive reconnects. */
export type Schedule = (run: () => void, ms: number) => () => void;

const realSchedule: Schedule = (run, ms) => {
  // unref: a pending reconnect alone never keeps the process alive.
  const timer = setTimeout(run, ms).unref();
  return () => clearTimeout(timer);
};

export interface SyncWorkerDeps {
  db: Database;
  docs: DocStore;
  clock: Clock;
  openDocIds: () => string[];
}

export interface SyncWorkerOptions {
  backoff?: Partial<BackoffOptions>;
  schedule?: Schedule;
  /** More channels on the same socket (the metadata change log). */
  channels?: readonly ((deps: SyncWorkerDeps) => SyncChannel)[];
}

/**
 * The replica side: one WebSocket to the hub of `sync_upstream`, reconnected with capped,
 * jittered backoff while the settings exist, carrying the docs channel and any other channel.
 */
export class SyncWorker {
  private currentState: SyncState = 'disabled';
  private socket: WebSocket | undefined;
  private cancelRetry: (() => void) | undefined;
  private readonly backoff: Backoff;
  private readonly schedule: Schedule;
  private running = false;
  /** Why the last attempt or connection ended, or the hub's last refusal; for the status. */
  lastProblem: string | null = null;

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
    const socket = this.socket;
    // Forgotten first, so that its close event (which closes its channels) schedules no retry.
    this.socket = undefined;
    socket?.terminate();
    this.currentState = 'disabled';
  }

  private connect(): void {
    const upstream = readUpstream(this.deps.db);
    if (!this.running || !upstream) {
      this.currentState = 'disabled';
      return;
    }
    this.currentState = 'connecting';
    const socket = new WebSocket(upstream.url, { headers: { authorization: `Bearer ${upstream.token}` } });
    this.socket = socket;
    const channels: SyncChannel[] = [
      new ReplicaDocsChannel({ ...this.deps, refused: (docId, reason) => (this.lastProblem = `${docId}: ${reason}`) }),
      ...(this.options.channels ?? []).map((make) => make(this.deps)),
    ];
    const connection = new SyncConnection(socket, channels, upstream.url);
    socket.on('open', () => {
      this.currentState = 'connected';
      this.lastProblem = null;
      this.backoff.reset();
      connection.start();
    });
    let refusal: string | undefined;
    socket.on('unexpected-response', (_req, res) => {
      refusal = `the hub answered ${res.statusCode}`;
      res.resume();
      socket.terminate();
    });
    // Terminating after a refusal reports an error too; the refusal says more.
    socket.on('error', (error) => (this.lastProblem = refusal ?? error.message));
    socket.on('close', () => (this.lastProblem = refusal ?? this.lastProblem));
    socket.on('close', () => this.retryLater(socket));
  }

  private retryLater(socket: WebSocket): void {
    if (this.socket !== socket || !this.running) return;
    this.socket = undefined;
    this.currentState = 'offline';
    this.cancelRetry = this.schedule(() => {
      this.cancelRetry = undefined;
      this.connect();
    }, this.backoff.next());
  }
}
