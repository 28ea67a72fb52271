import { createRequire } from 'node:module';
import { TryAgainLater } from '../../../core/pipeline/failure.js';
import { BlockingCall } from '../../../core/workers/blocking-call.js';

/**
 * PostgreSQL called synchronously, for the few statements a write transaction of the engine
 * must wait for (docs/hub.md, "Why the engine waits"): the engine's transactions are synchronous
 * (better-sqlite3), so a hub process blocks its event loop for these round trips. A worker
 * thread owns one `pg` connection (`BlockingCall`). A call that outlives `timeoutMs` ends the
 * worker, and with it the connection, so PostgreSQL rolls back whatever it held open.
 */
export class BlockingPostgres {
  private readonly worker: BlockingCall;

  constructor(url: string, timeoutMs = 15_000) {
    const pgPath = createRequire(import.meta.url).resolve('pg');
    this.worker = new BlockingCall(WORKER_SOURCE, { url, pgPath }, timeoutMs, (ms) => new PostgresUnavailable(`PostgreSQL did not answer within ${ms} ms`));
    // A process opening its working copy makes its first turn (the engine's start) a few hundred
    // ms later: the thread starts meanwhile, where that turn slept through its start. It connects on that turn, as before.
    this.worker.warm();
  }

  /**
   * Runs `steps` in order on the worker's connection and returns each statement's rows (a step
   * without parameters may hold several statements, sent in one round trip); the first that
   * fails stops the rest and throws here. `pg` parameters: bytea as Buffer, arrays as arrays.
   */
  call(steps: readonly Step[]): unknown[][] {
    this.send(steps);
    return this.answer();
  }

  /** `call` in two halves: `steps` go now, and `answer` waits for their rows (or throws) later. */
  send(steps: readonly Step[]): void {
    this.worker.post(steps);
  }

  answer(): unknown[][] {
    const answer = this.worker.answer() as { rows?: unknown[][]; error?: string; lost?: boolean };
    if (answer.error !== undefined) throw answer.lost ? new PostgresUnavailable(answer.error) : new Error(answer.error);
    return answer.rows!;
  }

  stop(): void {
    this.worker.stop();
  }
}

type Step = { sql: string; params?: unknown[] };

/** PostgreSQL could not be reached or dropped the connection: the write did not happen, try later. */
export class PostgresUnavailable extends TryAgainLater {}

/**
 * The worker's source (`BlockingCall`). A connection error, a reset or an administrator's
 * termination ends the connection: the next call opens a new one. Errors of a statement (a lock timeout) leave it in place.
 */
const WORKER_SOURCE = `
const pg = require(workerData.pgPath);
const { url } = workerData;
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
  let reply;
  try {
    const db = await connection();
    const rows = [];
    for (const step of steps) {
      const result = await db.query({ text: step.sql, values: step.params, rowMode: 'array' });
      // Several statements in one step (no parameters) answer one result each.
      for (const each of Array.isArray(result) ? result : [result]) rows.push(each.rows);
    }
    reply = { rows };
  } catch (error) {
    const lost = lostConnection(error);
    if (lost && client) { client.end().catch(() => {}); client = undefined; }
    reply = { error: String(error && error.message || error), lost };
  }
  answer(reply);
});
`;
