import BetterSqlite3 from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src-main/engine/core/db/database.js';
import { CHECKPOINT_WAL_BYTES } from '../../../../src-main/engine/core/db/wal-checkpoints.js';
import { openDatabase } from '../../../../src-main/engine/app/open-database.js';
import { rowsInFileAlone } from './file-alone.js';

let dir: string;
let db: Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'folio-disposable-'));
  db = openDatabase(join(dir, 'folio.db'), { disposable: true }).db;
  db.transaction(() => db.run('CREATE TABLE filler (n INTEGER NOT NULL, bytes BLOB NOT NULL)'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const rowsInFile = () => rowsInFileAlone(join(dir, 'folio.db'), 'filler');

describe('a disposable database file (a hub process’s working copy of PostgreSQL)', () => {
  it('is migrated like a data dir’s, and a commit writes into the file itself: no WAL beside it', () => {
    expect(db.raw.pragma('journal_mode', { simple: true })).toBe('memory');
    expect(db.get<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE name = 'change_log'")!.n).toBe(1);
    db.transaction(() => db.run('INSERT INTO filler (n, bytes) VALUES (1, randomblob(10))'));
    expect(existsSync(join(dir, 'folio.db-wal'))).toBe(false);
    expect(rowsInFile()).toBe(1);
  });

  it('still rolls back a transaction that fails, whatever it wrote before failing', () => {
    db.transaction(() => db.run('INSERT INTO filler (n, bytes) VALUES (1, randomblob(10))'));
    expect(() =>
      db.transaction(() => {
        for (let n = 2; n < 200; n++) db.run('INSERT INTO filler (n, bytes) VALUES (?, randomblob(4096))', n);
        db.run('UPDATE filler SET bytes = NULL');
      }),
    ).toThrow(/NOT NULL/);
    expect(db.all<{ n: number }>('SELECT n FROM filler')).toEqual([{ n: 1 }]);
    expect(rowsInFile()).toBe(1);
  });

  it('is kept from every other connection, and never asks for a checkpoint however much is written', async () => {
    let asked = 0;
    db.checkpointElsewhere(() => {
      asked++;
      return Promise.resolve({ frames: 0, copied: 0 });
    });
    db.transaction(() => {
      for (let written = 0; written <= CHECKPOINT_WAL_BYTES; written += 4096) db.run('INSERT INTO filler (n, bytes) VALUES (0, randomblob(4096))');
    });
    await db.checkpointSettled();
    expect(asked).toBe(0);
    const other = new BetterSqlite3(join(dir, 'folio.db'), { timeout: 0 });
    try {
      expect(() => other.prepare('SELECT count(*) FROM filler').get()).toThrow(/locked/);
    } finally {
      other.close();
    }
  });
});
