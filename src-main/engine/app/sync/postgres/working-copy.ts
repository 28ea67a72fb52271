import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../../core/db/database.js';
import { LATEST_SCHEMA } from '../../../core/db/migrations/index.js';
import { Engine, type EngineOptions } from '../../engine.js';
import { openDatabase, type OpenedDatabase } from '../../open-database.js';
import { PostgresOrder } from '../../../services/sync/postgres/postgres-order.js';
import { followReplayedRows } from '../../../services/sync/postgres/replayed-rows.js';
import { RowEffects, type RowEffect } from '../../../services/sync/postgres/row-effects.js';
import { connect, loadRows, openStore, type StoreInfo } from '../../../services/sync/postgres/store.js';

/** An engine whose state lives in PostgreSQL, on a working copy of its own (docs/hub.md). */
export interface PostgresEngine {
  engine: Engine;
  order: PostgresOrder;
  store: StoreInfo;
  /** Closes the engine and removes the working copy; PostgreSQL keeps everything. */
  close(): void;
}

/**
 * Opens the store at `url` (creating it in an empty database) and an engine on a working copy:
 * a SQLite file in a temporary folder, migrated like any data dir, filled with every row of the
 * store, and from then on written only in turns ordered by PostgreSQL (`PostgresOrder`). The
 * engine's code is the data dir's, unchanged: the same checks, refusals and compensations.
 */
export async function openPostgresEngine(
  url: string,
  /** Told when the working copy lagged past what the store keeps of deletions: the process must restart. A fresh copy never does. */
  tooFarBehind: (message: string) => void = (message) => {
    throw new Error(message);
  },
  options: Omit<EngineOptions, 'dataDir' | 'database'> = {},
): Promise<PostgresEngine> {
  const { folder, database } = openWorkingCopy('folio-hub-');
  const db = database.db;
  let order: PostgresOrder | undefined;
  try {
    order = new PostgresOrder(db, url, 0, tooFarBehind);
    const replaying = order;
    const effects = new RowEffects(db.raw, () => replaying.replaying);
    order.attach(effects);
    const store = await openStore(url, LATEST_SCHEMA, () => effects.everyRow(), upgradedRows);
    order.cursor = await loadStore(url, db, effects, replaying);
    db.useWriteOrder(order);
    const engine = new Engine({ ...options, dataDir: folder, database });
    order.onReplay(followReplayedRows(db, engine.docs, engine.changeCapture, effects, engine.blobsElsewhere));
    const ordered = order;
    return {
      engine,
      order,
      store,
      close() {
        engine.close();
        ordered.close();
      },
    };
  } catch (error) {
    order?.close();
    db.close();
    throw error;
  }
}

/**
 * A new disposable database file (`DatabaseOptions.disposable`) in a temporary folder, migrated to
 * `schemaVersion` (the latest when absent). Nothing opens it by its name again (no journal, WAL or
 * temporary file beside it), so the folder goes at once, and the open file with the process,
 * however it ends: a process killed left a copy of the whole hub in TMPDIR, one more at each restart.
 */
function openWorkingCopy(prefix: string, schemaVersion?: number): { folder: string; database: OpenedDatabase } {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  try {
    return { folder, database: openDatabase(join(folder, 'folio.db'), { schemaVersion, disposable: true }) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Replaces the working copy's rows with the store's, in one local transaction; returns the turn they are at. */
async function loadStore(url: string, db: Database, effects: RowEffects, order: PostgresOrder): Promise<number> {
  const client = await connect(url);
  const raw = db.raw;
  raw.pragma('foreign_keys = OFF');
  order.replaying = true;
  raw.exec('BEGIN IMMEDIATE');
  try {
    effects.clear();
    const head = await loadRows(client, (rows) => effects.apply(rows));
    raw.exec('COMMIT');
    return head;
  } catch (error) {
    if (raw.inTransaction) raw.exec('ROLLBACK');
    throw error;
  } finally {
    order.replaying = false;
    raw.pragma('foreign_keys = ON');
    await client.end();
  }
}

/**
 * A store's rows of an older Folio's schema (`from`) as this Folio's migrations leave them: loaded
 * into a working copy of that version, migrated as a data dir is (with its triggers, so a
 * migration's own writes are logged for replicas as a data dir's are), then read back whole.
 */
export function upgradedRows(from: number, rows: readonly RowEffect[]): RowEffect[] {
  const { db } = openWorkingCopy('folio-hub-upgrade-', from).database;
  try {
    let replaying = true;
    const loaded = new RowEffects(db.raw, () => replaying);
    db.raw.pragma('foreign_keys = OFF');
    db.raw.transaction(() => {
      loaded.clear();
      loaded.apply(rows);
    })();
    db.raw.pragma('foreign_keys = ON');
    replaying = false;
    db.migrate();
    // Read with the tables' shapes after the migrations, which may have rebuilt some.
    return [...new RowEffects(db.raw, () => false).everyRow()];
  } finally {
    db.close();
  }
}
