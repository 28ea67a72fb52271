import type BetterSqlite3 from 'better-sqlite3';
import { WriteConflict, type Database, type WriteOrder } from '../../../core/db/database.js';
import { BlockingPostgres, PostgresUnavailable, type PostgresClient } from './blocking-client.js';
import { commitStatement, notifyCommand, optimisticStatement, ROOMS_CHANNEL, ROWS_SINCE } from './store.js';
import type { RowEffect, RowEffects } from './row-effects.js';

/**
 * Told of rows other processes wrote: `before` inside the replay, before they are written (to
 * read what they replace), `after` once they are committed here and the writing in progress, if
 * any, is over (a microtask later), so that a listener may open transactions of its own.
 */
export interface ReplayListener {
  before?(rows: readonly RowEffect[]): void;
  after(rows: readonly RowEffect[]): void;
}

/**
 * The order of a hub process's writes (docs/hub.md, "How it works"): each write transaction of
 * the engine is a turn. Before it opens, the process takes the counter row's lock in PostgreSQL
 * (so turns follow one another across processes), replays what others committed since its
 * cursor, then runs the engine's transaction on its working copy. Before that commits, the
 * rows it wrote go to PostgreSQL with the turn's number and commit there, with a NOTIFY; only
 * then does the working copy commit (and only then does any answer leave). A turn PostgreSQL
 * did not commit is rolled back here; a turn PostgreSQL committed that the working copy then
 * failed to commit is replayed from PostgreSQL at the next turn: the cursor moves only after both.
 * A write that may run twice (a live edit) takes an optimistic turn instead (`begin(true)`): it
 * runs on the copy at the cursor, and its commit takes the lock, the rows and the NOTIFY in one
 * round trip, only if no turn came since; else it rolls back and runs again as above.
 */
export class PostgresOrder implements WriteOrder {
  /** The last turn this working copy holds. */
  cursor: number;
  private turn: number | undefined;
  private readonly pg: BlockingPostgres;
  private readonly listeners = new Set<ReplayListener>();
  /** Whether rows are being replayed: the engine's triggers stand still (`folio_replaying()`). */
  replaying = false;
  private effects!: RowEffects;
  /** Whether the open turn runs ahead of its order (`begin(true)`): PostgreSQL holds nothing of it until `commit`. */
  private optimistic = false;

  /** `tooFarBehind`: this copy lagged past the tombstones PostgreSQL still keeps; the process must restart. */
  constructor(
    private readonly db: Database,
    url: string,
    cursor: number,
    private readonly tooFarBehind: (message: string) => void,
  ) {
    this.cursor = cursor;
    this.pg = new BlockingPostgres(url);
  }

  /** The client the turns' round trips go through (`libpq` where its addon is built). */
  get writer(): PostgresClient {
    return this.pg.client;
  }

  /** Once the working copy is set up: what captures and replays its rows. */
  attach(effects: RowEffects): void {
    this.effects = effects;
  }

  /** Told after rows of other processes were replayed, outside any transaction (the doc store's listeners, the change log's pokes). */
  onReplay(listener: ReplayListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A pessimistic turn takes the counter's lock and replays what others committed first. An
   * optimistic one (`optimistic`, a write that may run twice) takes nothing yet: the write runs on
   * the working copy as it stands, at the cursor, and `commit` orders it in one round trip.
   */
  begin(optimistic = false): void {
    if (this.turn !== undefined) throw new Error('a write turn is already open');
    if (optimistic) {
      this.turn = this.cursor + 1;
      this.optimistic = true;
      return;
    }
    let answers: unknown[][];
    try {
      answers = this.pg.call(this.beginStatements());
    } catch (error) {
      this.rollbackQuietly();
      throw unavailable(error);
    }
    // The last three statements' rows (BEGIN answers none).
    const [counter, since, meta] = answers.slice(-3) as [unknown[][], unknown[][], unknown[][]];
    const purgedThrough = Number((meta[0] as unknown[] | undefined)?.[0] ?? 0);
    if (purgedThrough > this.cursor) {
      this.rollbackQuietly();
      // Deletions this copy has not seen are gone from the store: only a restart (a whole load) brings it level.
      this.tooFarBehind(`this process is at turn ${this.cursor}, and deletions up to turn ${purgedThrough} were purged meanwhile: restart it`);
      throw new PostgresUnavailable('this hub process is too far behind its database and must restart');
    }
    this.turn = Number(counter[0]![0]);
    // The turn before ours is the last committed: the working copy becomes that state.
    this.replay(this.turn - 1, rowsOf(since));
  }

  /** A turn's first round trip: its lock (the counter), what others committed since the cursor (our own integer, in the text), and how far tombstones were purged. */
  private beginStatements(): string {
    return `BEGIN; UPDATE folio_hub_counter SET seq = seq + 1 WHERE id = 1 RETURNING seq; ${ROWS_SINCE.replace('$1', String(Math.trunc(this.cursor)))};
            SELECT value FROM folio_hub_meta WHERE key = 'purged_through'`;
  }

  commit(): void {
    const effects = this.effects.take();
    if (this.optimistic) return this.commitOptimistic(effects);
    if (effects.length === 0) {
      this.pg.call('ROLLBACK');
      this.turn = undefined;
      return;
    }
    try {
      // One round trip: the rows as literals, the NOTIFY (carrying the rows when they are few) and the COMMIT.
      this.pg.call(`${commitStatement(effects, this.turn!)}; COMMIT`);
    } catch (error) {
      // Rolled back here; if PostgreSQL committed before the connection broke, the next turn replays it.
      throw unavailable(error);
    }
  }

  /**
   * An optimistic turn's one round trip: one statement takes the counter from the cursor to the
   * next turn only if it still stands at the cursor (waiting, as any turn does, for another
   * process's turn under way), and only then writes the rows and sends the NOTIFY, committing as
   * it ends. No row back: another turn came first, nothing was written, and the write rolls back
   * here to run again in order (`WriteConflict`).
   */
  private commitOptimistic(effects: RowEffect[]): void {
    if (effects.length === 0) {
      this.turn = undefined;
      return;
    }
    let answers: unknown[][];
    try {
      answers = this.pg.call(optimisticStatement(effects, this.cursor));
    } catch (error) {
      // As a pessimistic turn's commit: if PostgreSQL committed before the connection broke, the next turn replays it.
      throw unavailable(error);
    }
    if (answers[0]!.length === 0) throw new WriteConflict(`another turn was ordered after ${this.cursor} before this one`);
  }

  end(committed: boolean): void {
    const turn = this.turn;
    const optimistic = this.optimistic;
    this.turn = undefined;
    this.optimistic = false;
    if (committed) {
      if (turn !== undefined) this.cursor = turn;
      return;
    }
    this.effects.discard();
    // An optimistic turn holds nothing open in PostgreSQL.
    if (turn !== undefined && !optimistic) this.rollbackQuietly();
  }

  checkUnwritten(): void {
    if (this.effects.wroteAny()) throw new Error('a read transaction wrote rows: writes must be write transactions on a hub process');
  }

  /**
   * Applies what other processes committed up to turn `head` (rows read with `ROWS_SINCE` from
   * this cursor), in one local transaction, unless a turn of ours already went past it.
   */
  replay(head: number, rows: readonly RowEffect[]): void {
    if (head <= this.cursor) return;
    if (rows.length > 0) {
      const raw = this.db.raw;
      raw.pragma('foreign_keys = OFF');
      this.replaying = true;
      try {
        replayTransaction(raw, () => {
          for (const listener of this.listeners) listener.before?.(rows);
          this.effects.apply(rows);
        });
      } finally {
        this.replaying = false;
        raw.pragma('foreign_keys = ON');
      }
      this.db.forgetReads();
    }
    this.cursor = head;
    if (rows.length > 0) queueMicrotask(() => this.listeners.forEach((listener) => listener.after(rows)));
  }

  /**
   * Sends `payload` on the rooms channel from the writer's connection, between turns, without
   * waiting: its answer is read before the next turn's statements go (docs/hub.md, "Live edits
   * and awareness"). False, nothing sent, inside a turn (a pessimistic one holds a transaction
   * open) or where the connection cannot take it (`BlockingPostgres.sendUnanswered`).
   */
  notifyRooms(payload: string): boolean {
    return this.turn === undefined && this.pg.sendUnanswered(notifyCommand(ROOMS_CHANNEL, payload));
  }

  close(): void {
    this.pg.stop();
  }

  private rollbackQuietly(): void {
    try {
      this.pg.call('ROLLBACK');
    } catch {
      // The connection is gone, and its transaction with it.
      this.pg.stop();
    }
  }
}

/** Any failure to order or commit a turn (a lost connection, a lock timeout): nothing was taken, the writer retries later. */
function unavailable(error: unknown): PostgresUnavailable {
  return error instanceof PostgresUnavailable ? error : new PostgresUnavailable(`PostgreSQL: ${(error as Error).message}`);
}

function replayTransaction(raw: BetterSqlite3.Database, fn: () => void): void {
  raw.transaction(fn).immediate();
}

/** `ROWS_SINCE`'s rows (array mode: seq, tbl, key, data), without the head-only row it gives when nothing changed. */
export function rowsOf(rows: readonly unknown[][]): RowEffect[] {
  return rows.filter((row) => row[1] !== null).map((row) => ({ tbl: row[1] as string, key: row[2] as string, data: (row[3] as Buffer | null) ?? null }));
}
