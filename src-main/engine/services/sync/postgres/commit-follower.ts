import pg from 'pg';
import { Backoff } from '../backoff.js';
import type { PostgresOrder } from './postgres-order.js';
import { COMMIT_CHANNEL, connect, notifiedTurn, notifyCommand, purgeTombstones, readNotification, redacted, ROOMS_CHANNEL, ROWS_SINCE } from './store.js';

/** A lost NOTIFY costs at most this much latency: the cursor is compared with the counter this often. */
export const CURSOR_CHECK_MS = 1000;

/** Tombstones of deleted rows older than this are removed (`purgeTombstones`). */
const PURGE_EVERY_MS = 60 * 60 * 1000;


export type FollowerState = { state: 'connected' } | { state: 'reconnecting'; since: string; problem: string };

/**
 * Brings a hub process's working copy up to what other processes committed (docs/hub.md,
 * "Fan-out"): a LISTEN connection hears each commit's turn number, and the rows written after
 * this process's cursor are read once and replayed; the doc store's listeners then relay them to
 * this process's replicas and rooms. The counter is also read every second, so a NOTIFY lost
 * (or a LISTEN connection dropped) costs latency, never a change. When PostgreSQL goes away the
 * connection is opened again with capped, jittered backoff, and the state says so meanwhile.
 */
export class CommitFollower {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private purgeTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly backoff = new Backoff({ baseMs: 250, capMs: 10_000, random: Math.random });
  private reading = false;
  private again = false;
  private stopped = false;
  state: FollowerState = { state: 'reconnecting', since: new Date().toISOString(), problem: 'not connected yet' };

  constructor(
    private readonly url: string,
    private readonly order: PostgresOrder,
    private readonly onTooFarBehind: (message: string) => void,
    /** A NOTIFY on the rooms channel (another process's room, or this one's own echo). */
    private readonly onRooms: (payload: string) => void = () => undefined,
  ) {}

  /**
   * Sends `payload` on the rooms channel over the LISTEN connection, at once and without waiting:
   * awareness is ephemeral and an update also arrives by its commit, so while PostgreSQL is away it
   * is dropped, as a lost packet would be. The connection is pipelined: a live edit's relay goes on
   * the wire now, ahead of its write's turn, even while answers to earlier queries wait unread
   * behind a turn that blocks the loop (in pg's queue it waited for them).
   */
  notifyRooms(payload: string): void {
    // One simple-protocol message, and a NOTIFY answers no rows: a live edit's relay is on the writer's every keystroke.
    void this.client?.query(notifyCommand(ROOMS_CHANNEL, payload)).catch(() => undefined);
  }

  async start(): Promise<void> {
    await this.connect();
    this.timer = setInterval(() => this.catchUp(), CURSOR_CHECK_MS);
    this.timer.unref();
    this.purgeTimer = setInterval(() => void this.purge(), PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  /** On a connection of its own: its transaction spans several queries, and a relay pipelined on the LISTEN connection would wait inside it for its COMMIT. */
  private async purge(): Promise<void> {
    if (!this.client) return;
    try {
      const client = await connect(this.url);
      try {
        await purgeTombstones(client);
      } finally {
        await client.end();
      }
    } catch (error) {
      console.error(`Folio hub: purging tombstones failed (${(error as Error).message}); the next hour tries again`);
    }
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.purgeTimer);
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    void client?.end().catch(() => undefined);
  }

  /** Drops the LISTEN connection as a network fault would (tests); it comes back by itself. */
  dropConnection(): void {
    this.client?.emit('error', new Error('connection dropped'));
  }

  private async connect(): Promise<void> {
    // Standard strings, as `literal` writes them (the default since PostgreSQL 9.1, said in case a server is set otherwise).
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 5000,
      application_name: 'folio-hub-listener',
      options: '-c standard_conforming_strings=on',
      // Each query is sent when asked (`notifyRooms`); the follower reads after its cursor one read at a time (`catchUp`).
      pipeline: true,
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === ROOMS_CHANNEL && message.payload) return this.onRooms(message.payload);
      if (message.channel !== COMMIT_CHANNEL || !message.payload) return;
      if (notifiedTurn(message.payload) <= this.order.cursor) return;
      const { seq, rows } = readNotification(message.payload);
      // The next turn, with its rows: replayed at once, no query. Anything else is read from the store.
      if (rows && seq === this.order.cursor + 1 && !this.reading) this.order.replay(seq, rows);
      else this.catchUp();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${COMMIT_CHANNEL}`);
      await client.query(`LISTEN ${ROOMS_CHANNEL}`);
      const purged = await client.query<{ value: string }>("SELECT value FROM folio_hub_meta WHERE key = 'purged_through'");
      const purgedThrough = Number(purged.rows[0]?.value ?? 0);
      if (purgedThrough > this.order.cursor) {
        this.onTooFarBehind(`this process is at turn ${this.order.cursor}, and deletions up to turn ${purgedThrough} were purged meanwhile: restart it`);
      }
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.stopped) {
      void client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.backoff.reset();
    if (this.state.state !== 'connected') {
      if (this.state.problem !== 'not connected yet') console.error(`Folio hub: PostgreSQL at ${redacted(this.url)} is back`);
      this.state = { state: 'connected' };
    }
    this.catchUp();
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.stopped || (this.client !== undefined && this.client !== client)) return;
    if (this.client === client) this.client = undefined;
    void client.end().catch(() => undefined);
    if (this.state.state === 'connected') {
      console.error(`Folio hub: lost PostgreSQL at ${redacted(this.url)} (${error.message}); retrying`);
      this.state = { state: 'reconnecting', since: new Date().toISOString(), problem: error.message };
    } else {
      this.state = { ...this.state, problem: error.message };
    }
    if (this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, this.backoff.next());
    this.reconnectTimer.unref();
  }

  /** Reads what was committed after the cursor and replays it; one read at a time, another after it if asked meanwhile. */
  private catchUp(): void {
    const client = this.client;
    if (!client) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    const cursor = this.order.cursor;
    client
      .query({ text: ROWS_SINCE, values: [cursor], rowMode: 'array' })
      .then((result) => {
        const rows = result.rows as unknown[][];
        const head = Number(rows[0]![0]);
        const changed = rows.filter((row) => row[1] !== null).map((row) => ({ tbl: row[1] as string, key: row[2] as string, data: row[3] as Buffer | null }));
        this.order.replay(head, changed);
      })
      .catch((error: Error) => {
        if (this.client === client) console.error(`Folio hub: reading turns after ${cursor} failed: ${error.message}`);
      })
      .finally(() => {
        this.reading = false;
        if (this.again) {
          this.again = false;
          this.catchUp();
        }
      });
  }
}
