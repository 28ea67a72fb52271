import { createRequire } from 'node:module';
import { TryAgainLater } from '../channel.js';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/**
 * PostgreSQL called synchronously, for the few statements a write transaction of the engine
 * must wait for (docs/hub.md, "Why the engine waits"): the engine's transactions are synchronous
 * (better-sqlite3), so a hub process blocks its event loop for these round trips. A worker
 * thread owns one `pg` connection; the caller posts a request and sleeps on a shared word
 * (`Atomics.wait`) until the worker has the answer. A call that outlives `timeoutMs` ends the
 * worker, and with it the connection, so PostgreSQL rolls back whatever it held open.
 */
export class BlockingPostgres {
  private worker: Worker | undefined;
  private port: MessagePort | undefined;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));

  constructor(
    private readonly url: string,
    private readonly timeoutMs = 15_000,
  ) {}

  /**
   * Runs `steps` in order on the worker's connection and returns each statement's rows (a step
   * without parameters may hold several statements, sent in one round trip); the first that
   * fails stops the rest and throws here. `pg` parameters: bytea as Buffer, arrays as arrays.
   */
  call(steps: readonly { sql: string; params?: unknown[] }[]): unknown[][] {
    const port = this.started();
    Atomics.store(this.signal, 0, 0);
    port.postMessage(steps);
    if (Atomics.wait(this.signal, 0, 0, this.timeoutMs) === 'timed-out') {
      this.stop();
      throw new PostgresUnavailable(`PostgreSQL did not answer within ${this.timeoutMs} ms`);
    }
    const answer = receiveMessageOnPort(port)?.message as { rows?: unknown[][]; error?: string; lost?: boolean } | undefined;
    if (!answer) throw new Error('the PostgreSQL worker answered nothing');
    if (answer.error !== undefined) throw answer.lost ? new PostgresUnavailable(answer.error) : new Error(answer.error);
    return answer.rows!;
  }

  stop(): void {
    void this.worker?.terminate();
    this.port?.close();
    this.worker = undefined;
    this.port = undefined;
  }

  private started(): MessagePort {
    if (this.port) return this.port;
    const { port1, port2 } = new MessageChannel();
    const pgPath = createRequire(import.meta.url).resolve('pg');
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { url: this.url, pgPath, port: port2, signal: this.signal },
      transferList: [port2],
    });
    // The worker must not keep the process alive, nor take it down: a failed call reports itself.
    this.worker.unref();
    this.worker.on('error', () => this.stop());
    this.port = port1;
    return port1;
  }
}

/** PostgreSQL could not be reached or dropped the connection: the write did not happen, try later. */
export class PostgresUnavailable extends TryAgainLater {}

/**
 * The worker, as CommonJS source (`eval`), so it runs the same under tsx, vitest and plain node.
 * A connection error, a reset or an administrator's termination ends the connection: the next
 * call opens a new one. Errors of a statement (a lock timeout) leave it in place.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const pg = require(workerData.pgPath);
const { url, port, signal } = workerData;
let client;
async function connection() {
  if (client) return client;
  // A turn waits this long for another process's turn, and an open turn of a stalled process ends after 30 s.
  const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, application_name: 'folio-hub-writer', options: '-c lock_timeout=10s -c idle_in_transaction_session_timeout=30s -c standard_conforming_strings=on' });
  next.on('error', () => { if (client === next) client = undefined; });
  await next.connect();
  client = next;
  return next;
}
function lostConnection(error) {
  return !error.severity || /^(08|57P)/.test(error.code || '');
}
port.on('message', async (steps) => {
  let answer;
  try {
    const db = await connection();
    const rows = [];
    for (const step of steps) {
      const result = await db.query({ text: step.sql, values: step.params, rowMode: 'array' });
      // Several statements in one step (no parameters) answer one result each.
      for (const each of Array.isArray(result) ? result : [result]) rows.push(each.rows);
    }
    answer = { rows };
  } catch (error) {
    const lost = lostConnection(error);
    if (lost && client) { client.end().catch(() => {}); client = undefined; }
    answer = { error: String(error && error.message || error), lost };
  }
  port.postMessage(answer);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
`;
