import BetterSqlite3 from 'better-sqlite3';
import { migrations } from './migrations/index.js';
import { WalCheckpoints, type WalCheckpoint } from './wal-checkpoints.js';

export type Row = Record<string, unknown>;

/** The raw better-sqlite3 connection, for what registers SQL functions on it. */
export type Connection = BetterSqlite3.Database;

/**
 * SQL functions a feature's triggers call (the change log of sync, integrations' recorded
 * events), registered on the connection before it migrates. The database knows no feature:
 * whoever opens it passes them in (src-main/engine/app/open-database.ts).
 */
export interface SqlFunctions {
  register(connection: Connection): void;
}

export interface DatabaseOptions {
  /** better-sqlite3's compiled addon, when node_modules holds one built for another runtime. */
  nativeBinding?: string;
  functions?: readonly SqlFunctions[];
  /** Migrate no further than this version (a hub database's rows of an older Folio, about to be upgraded); the latest when absent. */
  schemaVersion?: number;
  /**
   * A copy of rows kept elsewhere, made again at every start and never opened by another
   * connection (a hub process's working copy of PostgreSQL): nothing to survive a crash, so no
   * WAL, no syncs, and the file's lock taken once.
   */
  disposable?: boolean;
}

/** Whether a statement or a commit failed for a foreign key. */
export function violatesForeignKey(error: unknown): boolean {
  return error instanceof BetterSqlite3.SqliteError && error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

const MEMO_LIMIT = 10_000;

/** Told, once the transaction it was registered in has ended, whether that transaction committed. */
export type TransactionEndHook = (committed: boolean) => void;

/**
 * Where file bytes live besides their `file_blobs` row, which then holds no bytes: the folder or
 * bucket a hub's processes share (`serve --postgres URL --blob-dir DIR | --blob-s3 URL`,
 * docs/hub.md). A data dir has none. Bytes are stored before the write transaction whose row
 * names them opens (`put`, off the event loop), and the transaction only checks they were (`took`).
 */
export interface FileBytesStore {
  /** The bytes, the event loop waiting on the store: for callers inside a transaction that need them there. */
  read(sha256: string): Buffer | undefined;
  /** `read` without holding the event loop (a replica's `want`, docs/hub.md); rejects as `read` throws. */
  readAsync(sha256: string): Promise<Buffer | undefined>;
  /** Stores the bytes durably; settles once the store confirmed them, rejects (a `TryAgainLater` when the store is away) otherwise. */
  put(sha256: string, bytes: Uint8Array): Promise<void>;
  /** Whether a `put` of these bytes settled lately, so that a row may name them now. */
  took(sha256: string): boolean;
  /** Lets the bytes go (a folder keeps them a while, for backups), if there, without holding the event loop; only ever called once a write transaction found no row naming them. */
  remove(sha256: string): Promise<void>;
}

/** How a queued write ended (`queueWrite`): its value once committed, or why it was not. */
export type WriteOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface QueuedWrite {
  fn: () => unknown;
  done: (outcome: WriteOutcome<unknown>) => void;
}

/**
 * Where write transactions are ordered and made durable besides this file: a hub process's
 * PostgreSQL (docs/hub.md). A data dir has none, and its writes cost nothing more.
 */
export interface WriteOrder {
  /**
   * Before a write transaction opens: this file catches up with what others committed, and the
   * write takes its place. Throws when it cannot. `optimistic` (a write that may run twice,
   * `Database.rerunnable`): the order may instead let it run on this file as it stands and order
   * it at its commit, which then throws `WriteConflict` if another write came first.
   */
  begin(optimistic?: boolean): void;
  /** The transaction's work is done, not yet committed here: its rows are made durable elsewhere first. Throws to roll it back. */
  commit(): void;
  /** After `begin`: whether the transaction committed here. */
  end(committed: boolean): void;
  /** Before a read transaction commits: throws if it wrote (a write outside `begin` would be lost elsewhere). */
  checkUnwritten(): void;
}

/**
 * What `WriteOrder.commit` throws for a write begun optimistically when another write was ordered
 * before it, since the state it ran on: it rolled back, and `Database.rerunnable` runs it again, in order.
 */
export class WriteConflict extends Error {}

/**
 * The engine's SQLite handle. Statements are prepared once and reused: the text of the
 * query is the cache key, so call sites stay plain SQL.
 */
export class Database {
  readonly raw: BetterSqlite3.Database;
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private readonly memo = new Map<string, unknown>();
  private seenDataVersion = -1;
  private order: WriteOrder | undefined;
  /** Hooks of the transaction `transaction()` has open; undefined outside one. */
  private endHooks: TransactionEndHook[] | undefined;
  /** Work the open transaction runs just before it commits (projections); undefined outside one. */
  private commitHooks: (() => void)[] | undefined;
  /** Writes waiting to share one transaction (`queueWrite`); only ever filled with a write order. */
  private queued: QueuedWrite[] = [];
  /** Where file bytes go instead of their `file_blobs` row; none on a data dir. */
  private fileBytesStore: FileBytesStore | undefined;
  /** Who checkpoints the WAL when this connection does not (`checkpointElsewhere`). */
  private checkpoints: WalCheckpoints | undefined;
  private readonly disposable: boolean;

  constructor(file: string, options: DatabaseOptions = {}) {
    this.raw = new BetterSqlite3(file, { nativeBinding: options.nativeBinding });
    this.disposable = options.disposable ?? false;
    if (this.disposable) {
      // The rollback journal in memory (a transaction still rolls back) and the pages written
      // straight into the file: where a WAL wrote each page twice (there, then by a checkpoint),
      // with a lock taken and the WAL's index read at every transaction. PostgreSQL is the truth a
      // crash is recovered from. A hub process's CPU per live edit: −1.3 ms (docs/hub.md, "Sizing").
      this.raw.pragma('locking_mode = EXCLUSIVE');
      this.raw.pragma('journal_mode = MEMORY');
      this.raw.pragma('synchronous = OFF');
    } else {
      this.raw.pragma('journal_mode = WAL');
      this.raw.pragma('synchronous = NORMAL');
    }
    this.raw.pragma('foreign_keys = ON');
    // The CLI may write while the server runs on the same file.
    this.raw.pragma('busy_timeout = 5000');
    // Statement and savepoint journals in memory: with the default, once a transaction's journal
    // passed 64 KiB it went to a temporary file, and every page a later statement touched was a
    // write(2) there; a capture trigger's change-log row cost twice as much (docs/performance.md).
    this.raw.pragma('temp_store = MEMORY');
    // Before migrating: migrations create triggers that call them.
    for (const functions of options.functions ?? []) functions.register(this.raw);
    this.migrate(options.schemaVersion);
  }

  statement(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.raw.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  get<T = Row>(sql: string, ...params: unknown[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  all<T = Row>(sql: string, ...params: unknown[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  run(sql: string, ...params: unknown[]): BetterSqlite3.RunResult {
    // Outside a transaction, an ordered file still writes as one.
    if (this.order && !this.raw.inTransaction) return this.transaction(() => this.run(sql, ...params));
    this.memo.clear();
    return this.statement(sql).run(...params);
  }

  /** From now on, every write transaction goes through `order` (a hub process on PostgreSQL). */
  useWriteOrder(order: WriteOrder): void {
    this.order = order;
  }

  /**
   * From now on this connection runs no checkpoint of its own: writes that commit have `checkpoint`
   * copy the WAL into the file elsewhere (a worker thread's connection), docs/architecture.md. A
   * disposable file has no WAL to copy, and no other connection may open it.
   */
  checkpointElsewhere(checkpoint: (file: string) => Promise<WalCheckpoint>): void {
    if (this.disposable) return;
    this.checkpoints = new WalCheckpoints(this.raw, checkpoint);
  }

  /** Settles once the WAL checkpoint running elsewhere now, if any, is done. */
  checkpointSettled(): Promise<void> {
    return this.checkpoints?.settled() ?? Promise.resolve();
  }

  /** From now on, new file bytes go to `store`, their rows holding none (a hub process with `--blob-dir` or `--blob-s3`). */
  useFileBytes(store: FileBytesStore): void {
    this.fileBytesStore = store;
  }

  get fileBytes(): FileBytesStore | undefined {
    return this.fileBytesStore;
  }

  /** Rows changed under the engine (replayed from another hub process): what was memoized may be stale. */
  forgetReads(): void {
    this.memo.clear();
  }

  /**
   * Runs `fn` in one transaction; a thrown error rolls everything back. Writers take the write
   * lock up front (IMMEDIATE) so they never fail half-way on a busy database; readers only
   * need a consistent snapshot (DEFERRED) and never block the CLI or each other. Called inside
   * a transaction, `fn` simply joins it.
   */
  transaction<T>(fn: () => T, mode: 'read' | 'write' = 'write'): T {
    if (this.raw.inTransaction) return fn();
    // Queued writes arrived first: they commit first, and nothing answers from before them.
    if (this.queued.length > 0) this.commitQueued();
    return this.ordered(fn, mode, false);
  }

  /**
   * `transaction(fn)` for a write that may run twice to the same end (a client's Yjs update: once
   * applied, applying it again changes nothing). With a write order (a hub process, docs/hub.md
   * "Optimistic turns") it runs first on this file as it stands and is ordered only at its
   * commit, in one round trip; if another write was ordered first, it rolls back (its end hooks
   * told so) and runs again, in order. Without one, or inside a transaction, it is `transaction`.
   */
  rerunnable<T>(fn: () => T): T {
    if (this.raw.inTransaction || !this.order) return this.transaction(fn);
    if (this.queued.length > 0) this.commitQueued();
    try {
      return this.ordered(fn, 'write', true);
    } catch (error) {
      if (!(error instanceof WriteConflict)) throw error;
    }
    return this.transaction(fn);
  }

  private ordered<T>(fn: () => T, mode: 'read' | 'write', optimistic: boolean): T {
    const order = mode === 'write' ? this.order : undefined;
    order?.begin(optimistic);
    try {
      this.statement(mode === 'read' ? 'BEGIN DEFERRED' : 'BEGIN IMMEDIATE').run();
    } catch (error) {
      order?.end(false);
      throw error;
    }
    const hooks: TransactionEndHook[] = [];
    this.endHooks = hooks;
    this.commitHooks = [];
    let committed = false;
    try {
      const result = fn();
      this.runBeforeCommit();
      if (order) order.commit();
      else this.order?.checkUnwritten();
      this.statement('COMMIT').run();
      committed = true;
      if (mode === 'write') this.checkpoints?.afterWrite();
      return result;
    } catch (error) {
      if (this.raw.inTransaction) this.statement('ROLLBACK').run();
      throw error;
    } finally {
      order?.end(committed);
      this.endHooks = undefined;
      this.commitHooks = undefined;
      // What was read inside a write transaction may have been rolled back.
      if (mode === 'write') this.memo.clear();
      // Outside the transaction, so that a hook may open a new one.
      for (const hook of hooks) hook(committed);
    }
  }

  /**
   * Runs `fn` as a write transaction and tells `done` how it ended, after it committed or rolled
   * back. Without a write order (a data dir) that is at once, as `transaction` would. With one (a
   * hub process on PostgreSQL) it is group commit: the writes queued in one turn of the event loop
   * share one transaction, and so one turn of the hub (two round trips to PostgreSQL for all of
   * them). Each runs in a savepoint of its own, so one that throws rolls back alone (its end hooks
   * told so); all are told only once the shared transaction committed, or that it did not. Any
   * other transaction first commits what is queued, so writes keep their order of arrival.
   */
  queueWrite<T>(fn: () => T, done: (outcome: WriteOutcome<T>) => void): void {
    if (!this.order) {
      let outcome: WriteOutcome<T>;
      try {
        outcome = { ok: true, value: this.transaction(fn) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      done(outcome);
      return;
    }
    this.queued.push({ fn, done: done as QueuedWrite['done'] });
    if (this.queued.length === 1) setImmediate(() => this.commitQueued());
  }

  private commitQueued(): void {
    const queued = this.queued;
    if (queued.length === 0) return;
    this.queued = [];
    const outcomes: WriteOutcome<unknown>[] = [];
    let failed: { error: unknown } | undefined;
    try {
      if (!this.raw.open) throw new Error('the database closed before the write ran');
      this.transaction(() => {
        for (const write of queued) outcomes.push(this.inSavepoint(write.fn));
      });
    } catch (error) {
      failed = { error };
    }
    queued.forEach((write, n) => write.done(failed ? { ok: false, error: failed.error } : outcomes[n]!));
  }

  /** One queued write inside the shared transaction, with hooks of its own: kept if it succeeds, rolled back alone (its end hooks told so) if it throws. */
  private inSavepoint(fn: () => unknown): WriteOutcome<unknown> {
    const endHooks = this.endHooks!;
    const commitHooks = this.commitHooks!;
    const own: TransactionEndHook[] = [];
    this.endHooks = own;
    this.commitHooks = [];
    this.statement('SAVEPOINT queued_write').run();
    try {
      const value = fn();
      this.runBeforeCommit();
      this.statement('RELEASE queued_write').run();
      endHooks.push(...own);
      return { ok: true, value };
    } catch (error) {
      this.statement('ROLLBACK TO queued_write').run();
      this.statement('RELEASE queued_write').run();
      this.memo.clear();
      // At once, before the next queued write: what mirrors the rows in memory drops what was rolled back.
      for (const hook of own) hook(false);
      return { ok: false, error };
    } finally {
      this.endHooks = endHooks;
      this.commitHooks = commitHooks;
    }
  }

  /**
   * What the end hooks registered now belong to: the transaction in progress, or one queued write
   * in it (`queueWrite`), which may roll back alone. Undefined outside a transaction.
   */
  hookScope(): object | undefined {
    return this.endHooks;
  }

  /**
   * Calls `hook` when the transaction in progress ends, told whether it committed. What mirrors
   * the database in memory (loaded Yjs docs) moves only on a commit, never ahead of it. Hooks
   * must not throw: the transaction has already ended.
   */
  onTransactionEnd(hook: TransactionEndHook): void {
    if (!this.endHooks) throw new Error('onTransactionEnd needs a transaction opened by Database.transaction()');
    this.endHooks.push(hook);
  }

  /**
   * Runs `hook` inside the transaction in progress, once its work is done and just before it
   * commits; a hook that throws rolls the transaction back. A hook may register more.
   */
  beforeCommit(hook: () => void): void {
    if (!this.commitHooks) throw new Error('beforeCommit needs a transaction opened by Database.transaction()');
    this.commitHooks.push(hook);
  }

  private runBeforeCommit(): void {
    for (let hook = this.commitHooks!.shift(); hook; hook = this.commitHooks!.shift()) hook();
  }

  /**
   * Remembers a small read (a token's user, a membership) until the database changes. Values
   * must be treated as immutable. Our own writes clear the memo; `noticeExternalChanges`
   * clears it when another connection (the CLI) has committed.
   */
  memoize<T>(key: string, compute: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
    this.memo.set(key, value);
    return value;
  }

  /** Called at the start of each request: SQLite's data_version moves on other connections' commits. */
  noticeExternalChanges(): void {
    const version = this.statement('PRAGMA data_version').pluck().get() as number;
    if (version !== this.seenDataVersion) {
      this.seenDataVersion = version;
      this.memo.clear();
    }
  }

  close(): void {
    this.raw.close();
  }

  /** Applies the migrations after the database's version, up to `upTo` (all of them when absent), each in its own transaction. */
  migrate(upTo = Number.POSITIVE_INFINITY): void {
    const current = this.raw.pragma('user_version', { simple: true }) as number;
    for (const migration of migrations) {
      if (migration.version <= current || migration.version > upTo) continue;
      // A table rebuilt (create, copy, drop, rename) is dropped while others refer to it: SQLite's
      // procedure turns foreign keys off around the transaction and checks them before it commits.
      if (migration.rebuildsTables) this.raw.pragma('foreign_keys = OFF');
      try {
        this.raw.transaction(() => {
          this.raw.exec(migration.sql);
          if (migration.rebuildsTables && (this.raw.pragma('foreign_key_check') as unknown[]).length > 0) {
            throw new Error(`migration ${migration.version} (${migration.name}) would break foreign keys`);
          }
          this.raw.pragma(`user_version = ${migration.version}`);
        }).immediate();
      } finally {
        if (migration.rebuildsTables) this.raw.pragma('foreign_keys = ON');
      }
    }
  }
}
