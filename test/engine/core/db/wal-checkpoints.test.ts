import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src-main/engine/core/db/database.js';
import { CHECKPOINT_WAL_BYTES, type WalCheckpoint } from '../../../../src-main/engine/core/db/wal-checkpoints.js';
import { openDatabase } from '../../../../src-main/engine/app/open-database.js';
import { rowsInFileAlone } from './file-alone.js';
import type { TaskModules } from '../../../../src-main/engine/app/worker-entry.js';
import { WorkerPool } from '../../../../src-main/engine/core/workers/pool.js';
import { bundledScript } from '../../../support/entry-bundle.js';

/** The task kinds are declared by the modules of the worker's program: naming their types brings the declarations here. */
export type Kinds = TaskModules;

let dir: string;
let db: Database;
let pool: WorkerPool | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'folio-wal-'));
  db = openDatabase(join(dir, 'folio.db')).db;
  db.transaction(() => db.run('CREATE TABLE filler (bytes BLOB NOT NULL)'));
  // The schema in the file itself, for a copy of the file alone to be read.
  db.raw.pragma('wal_checkpoint(TRUNCATE)');
});
afterEach(async () => {
  await pool?.close();
  pool = undefined;
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One write transaction of more than the WAL's threshold. */
function writePastThreshold(): void {
  db.transaction(() => {
    for (let written = 0; written <= CHECKPOINT_WAL_BYTES; written += 4096) db.run('INSERT INTO filler (bytes) VALUES (randomblob(4096))');
  });
}

const rowsInFile = () => rowsInFileAlone(join(dir, 'folio.db'), 'filler');

describe('WAL checkpoints elsewhere', () => {
  it('never copy the WAL in a commit of this connection: a worker thread’s connection does, after the write', async () => {
    pool = new WorkerPool({ entry: pathToFileURL(bundledScript('src-main/engine/app/worker-entry.ts')), size: 1 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    db.checkpointElsewhere(async (file) => {
      await held;
      return pool!.run('checkpointWal', { file });
    });
    expect(db.raw.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    writePastThreshold();
    const committed = db.get<{ n: number }>('SELECT count(*) AS n FROM filler')!.n;
    // Committed (in the WAL), not yet in the file: the commit did not checkpoint.
    expect(rowsInFile()).toBe(0);

    release();
    await db.checkpointSettled();
    expect(rowsInFile()).toBe(committed);
  });

  it('answer what they copied, while this connection goes on writing', async () => {
    pool = new WorkerPool({ entry: pathToFileURL(bundledScript('src-main/engine/app/worker-entry.ts')), size: 1 });
    const answers: WalCheckpoint[] = [];
    db.checkpointElsewhere(async (file) => {
      const answer = await pool!.run('checkpointWal', { file });
      answers.push(answer);
      return answer;
    });
    writePastThreshold();
    // A write while the checkpoint runs: it commits, and stays in the WAL until the next one.
    db.transaction(() => db.run('INSERT INTO filler (bytes) VALUES (randomblob(10))'));
    await db.checkpointSettled();
    expect(answers).toHaveLength(1);
    // Caught up, the write during it included: the next write starts the WAL over rather than growing it.
    expect(answers[0]!.copied).toBe(answers[0]!.frames);
    db.transaction(() => db.run('INSERT INTO filler (bytes) VALUES (randomblob(10))'));
    const other = new BetterSqlite3(join(dir, 'folio.db'));
    try {
      const [row] = other.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
      expect(row!.log).toBeLessThan(10);
    } finally {
      other.close();
    }
  });

  it('fall back to this connection when the threads cannot run them (the engine closing): nothing is left out of the file', async () => {
    db.checkpointElsewhere(() => Promise.reject(new Error('the engine is closing: no more work for its threads')));
    writePastThreshold();
    const committed = db.get<{ n: number }>('SELECT count(*) AS n FROM filler')!.n;
    await db.checkpointSettled();
    expect(rowsInFile()).toBe(committed);
  });

  it('leave a small WAL alone', async () => {
    let asked = 0;
    db.checkpointElsewhere(() => {
      asked++;
      return Promise.resolve({ frames: 0, copied: 0 });
    });
    db.transaction(() => db.run('INSERT INTO filler (bytes) VALUES (randomblob(4096))'));
    await db.checkpointSettled();
    expect(asked).toBe(0);
  });
});
