import { createRequire } from 'node:module';
import { TryAgainLater } from '../../../core/pipeline/failure.js';
import { BlockingCall } from '../../../core/workers/blocking-call.js';

/**
 * PostgreSQL called synchronously, for the few statements a write transaction of the engine
 * must wait for (docs/hub.md, "Why the engine waits"): the engine's transactions are synchronous
 * (better-sqlite3), so a hub process blocks its event loop for these round trips. Two ways to
 * wait, the first where it is installed (docs/hub.md, "The writer's connection"):
 * - `libpq`: PostgreSQL's own C client, blocking on this thread (the `libpq` addon, an optional
 *   dependency built against the system's libpq). A round trip costs the process 40–120 µs of
 *   CPU: nothing but the socket and libpq's parsing.
 * - `worker`: a worker thread that owns one `pg` connection (`BlockingCall`), 250–900 µs a round
 *   trip, in the two threads' wakes and `pg`'s parsing in JavaScript. A call that outlives
 *   `timeoutMs` ends the worker, and with it the connection.
 * Either way a statement is bounded by PostgreSQL's own timeouts (locks 10 s, statements and
 * idle transactions below), and a connection lost is opened again by the next call.
 */
export class BlockingPostgres {
  readonly client: PostgresClient;
  private readonly connection: Connection;

  constructor(url: string, timeoutMs = 15_000, client: PostgresClient = libpqLoads() ? 'libpq' : 'worker') {
    this.client = client;
    this.connection = client === 'libpq' ? new LibpqConnection(url, timeoutMs) : new WorkerConnection(url, timeoutMs);
  }

  /**
   * Runs `sql` (one statement or several, sent in one round trip) and returns each statement's
   * rows; the first that fails stops the rest and throws here. Rows are arrays: bytea as Buffer,
   * integers up to int4 and booleans as such, the rest as text.
   */
  call(sql: string): unknown[][] {
    this.connection.send(sql);
    const answer = this.connection.answer();
    if ('error' in answer) throw answer.lost ? new PostgresUnavailable(answer.error) : new Error(answer.error);
    return answer.rows;
  }

  /**
   * Sends `sql` now without waiting for its answer, which the next `call` reads (and drops) first;
   * false, nothing sent, where that cannot be: no connection open (it never connects for this,
   * PostgreSQL may be away) or no `libpq` (the worker answers every message it gets).
   */
  sendUnanswered(sql: string): boolean {
    return this.connection.sendUnanswered?.(sql) ?? false;
  }

  stop(): void {
    this.connection.stop();
  }
}

export type PostgresClient = 'libpq' | 'worker';

type Failure = { error: string; lost: boolean };
type Answer = { rows: unknown[][] } | Failure;

interface Connection {
  send(sql: string): void;
  sendUnanswered?(sql: string): boolean;
  answer(): Answer;
  stop(): void;
}

/** PostgreSQL could not be reached or dropped the connection: the write did not happen, try later. */
export class PostgresUnavailable extends TryAgainLater {}

/** The writer's session: a turn waits this long for another process's turn, and an open turn of a stalled process ends after 30 s. */
const SESSION_OPTIONS = '-c lock_timeout=10s -c idle_in_transaction_session_timeout=30s -c standard_conforming_strings=on';
const APPLICATION_NAME = 'folio-hub-writer';
const CONNECT_TIMEOUT_S = 5;

/** Whether the `libpq` addon is installed and loads (it is built at install where the system has libpq's headers). */
export function libpqLoads(): boolean {
  try {
    loadLibpq();
    return true;
  } catch {
    return false;
  }
}

function loadLibpq(): LibpqClass {
  return createRequire(import.meta.url)('libpq') as LibpqClass;
}

/** The parts of the `libpq` addon's connection used here (it ships no types). */
interface Libpq {
  connectSync(conninfo: string): void;
  sendQuery(text: string): boolean;
  getResult(): boolean;
  resultStatus(): string;
  resultErrorMessage(): string;
  resultErrorFields(): { sqlState?: string; messagePrimary?: string } | undefined;
  errorMessage(): string;
  consumeInput(): boolean;
  ntuples(): number;
  nfields(): number;
  ftype(column: number): number;
  getvalue(row: number, column: number): string;
  getisnull(row: number, column: number): boolean;
  finish(): void;
}
type LibpqClass = new () => Libpq;

/**
 * The connection on this thread. libpq waits for the socket itself, so a round trip is a write
 * and a read of the process's own. A call cannot be abandoned half-way from this thread: what
 * bounds it are PostgreSQL's lock and statement timeouts and TCP's (keepalives, and
 * `tcp_user_timeout` for data the server stopped acknowledging).
 */
class LibpqConnection implements Connection {
  private pq: Libpq | undefined;
  /** Why the last `send` did not go, told by the `answer` that follows. */
  private unsent: Failure | undefined;
  /** A statement went by `sendUnanswered`: its results are read before the next is sent. */
  private unread = false;
  private readonly conninfo: string;
  private readonly Libpq = loadLibpq();

  constructor(url: string, timeoutMs: number) {
    this.conninfo = withParameters(url, {
      application_name: APPLICATION_NAME,
      connect_timeout: String(CONNECT_TIMEOUT_S),
      options: `${SESSION_OPTIONS} -c statement_timeout=${timeoutMs}`,
      keepalives: '1',
      keepalives_idle: '5',
      keepalives_interval: '2',
      keepalives_count: '3',
      tcp_user_timeout: String(timeoutMs),
    });
  }

  send(sql: string): void {
    this.unsent = undefined;
    this.drain();
    let pq: Libpq;
    try {
      pq = this.connected();
    } catch (error) {
      this.unsent = { error: String((error as Error).message).trim(), lost: true };
      return;
    }
    if (!pq.sendQuery(sql)) {
      this.unsent = { error: pq.errorMessage().trim(), lost: true };
      this.stop();
    }
  }

  sendUnanswered(sql: string): boolean {
    this.drain();
    const pq = this.pq;
    if (!pq) return false;
    if (!pq.sendQuery(sql)) {
      this.stop();
      return false;
    }
    this.unread = true;
    return true;
  }

  /** Reads what a statement sent unanswered answered, whatever it was (a failure of the connection is seen again by `connected`). */
  private drain(): void {
    if (!this.unread) return;
    this.unread = false;
    while (this.pq?.getResult());
  }

  answer(): Answer {
    if (this.unsent) return this.unsent;
    const pq = this.pq;
    if (!pq) return { error: 'the connection closed before it answered', lost: true };
    const rows: unknown[][] = [];
    let failed: Failure | undefined;
    // Every result is read, to the last: the connection is then ready for the next query.
    while (pq.getResult()) {
      if (pq.resultStatus() === 'PGRES_FATAL_ERROR') {
        const fields = pq.resultErrorFields();
        failed ??= { error: fields?.messagePrimary ?? pq.resultErrorMessage().trim(), lost: lostConnection(fields?.sqlState) };
      } else rows.push(rowsOf(pq));
    }
    if (!failed) return { rows };
    if (failed.lost) this.stop();
    return failed;
  }

  stop(): void {
    const pq = this.pq;
    if (!pq) return;
    this.pq = undefined;
    pq.finish();
    // The addon closes its poll handle on the event loop's next closing phase and frees it with
    // the object: collected before then, the loop would close freed memory (libuv aborts the
    // process). The object is kept until well after.
    setTimeout(() => void pq, 1_000).unref();
  }

  private connected(): Libpq {
    // What came while the connection was idle, read without waiting: a server that ended it (a
    // restart, an administrator's termination) said so, and a new one is opened for this query.
    // Two reads: the first takes its last message, the second the end of the stream (a failure).
    if (this.pq && !(this.pq.consumeInput() && this.pq.consumeInput())) this.stop();
    if (this.pq) return this.pq;
    const pq = new this.Libpq();
    pq.connectSync(this.conninfo);
    this.pq = pq;
    return pq;
  }
}

/** PostgreSQL's type ids read as other than text: bool, int2, int4, oid, bytea. */
const BOOL = 16;
const INT2 = 21;
const INT4 = 23;
const OID = 26;
const BYTEA = 17;

/** The current result's rows as arrays, typed as `pg` types them (docs above `call`). */
function rowsOf(pq: Libpq): unknown[][] {
  const columns = pq.nfields();
  const types = Array.from({ length: columns }, (_, column) => pq.ftype(column));
  const rows: unknown[][] = [];
  for (let row = 0, count = pq.ntuples(); row < count; row++) {
    const values: unknown[] = [];
    for (let column = 0; column < columns; column++) {
      if (pq.getisnull(row, column)) {
        values.push(null);
        continue;
      }
      const text = pq.getvalue(row, column);
      const type = types[column];
      if (type === BYTEA) values.push(Buffer.from(text.slice(2), 'hex'));
      else if (type === INT2 || type === INT4 || type === OID) values.push(Number(text));
      else if (type === BOOL) values.push(text === 't');
      else values.push(text);
    }
    rows.push(values);
  }
  return rows;
}

/** A server error that ends the connection (connection exceptions, an administrator's termination, a shutdown), or none at all (the socket failed). */
function lostConnection(sqlState: string | undefined): boolean {
  return sqlState === undefined || /^(08|57P)/.test(sqlState);
}

/** `url` with libpq's connection parameters added, percent-encoded (libpq decodes no `+`). */
function withParameters(url: string, parameters: Record<string, string>): string {
  const query = Object.entries(parameters).map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return `${url}${url.includes('?') ? '&' : '?'}${query.join('&')}`;
}

/** The connection in a worker thread, for where the `libpq` addon is not installed. */
class WorkerConnection implements Connection {
  private readonly worker: BlockingCall;

  constructor(url: string, timeoutMs: number) {
    const pgPath = createRequire(import.meta.url).resolve('pg');
    const settings = { connectionTimeoutMillis: CONNECT_TIMEOUT_S * 1000, application_name: APPLICATION_NAME, options: SESSION_OPTIONS };
    this.worker = new BlockingCall(WORKER_SOURCE, { url, pgPath, settings }, timeoutMs, (ms) => new PostgresUnavailable(`PostgreSQL did not answer within ${ms} ms`));
    // A process opening its working copy makes its first turn (the engine's start) a few hundred
    // ms later: the thread starts meanwhile, where that turn slept through its start. It connects on that turn, as before.
    this.worker.warm();
  }

  send(sql: string): void {
    this.worker.post(sql);
  }

  answer(): Answer {
    return this.worker.answer() as Answer;
  }

  stop(): void {
    this.worker.stop();
  }
}

/**
 * The worker's source (`BlockingCall`). A connection error, a reset or an administrator's
 * termination ends the connection: the next call opens a new one. Errors of a statement (a lock timeout) leave it in place.
 */
const WORKER_SOURCE = `
const pg = require(workerData.pgPath);
const { url, settings } = workerData;
let client;
async function connection() {
  if (client) return client;
  const next = new pg.Client({ connectionString: url, ...settings });
  next.on('error', () => { if (client === next) client = undefined; });
  await next.connect();
  client = next;
  return next;
}
function lostConnection(error) {
  return !error.severity || /^(08|57P)/.test(error.code || '');
}
port.on('message', async (sql) => {
  let reply;
  try {
    const db = await connection();
    const result = await db.query({ text: sql, rowMode: 'array' });
    // Several statements answer one result each.
    reply = { rows: (Array.isArray(result) ? result : [result]).map((each) => each.rows) };
  } catch (error) {
    const lost = lostConnection(error);
    if (lost && client) { client.end().catch(() => {}); client = undefined; }
    reply = { error: String(error && error.message || error), lost };
  }
  answer(reply);
});
`;
