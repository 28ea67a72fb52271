import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src-main/engine/core/db/database.js';
import { openDatabase } from '../../../../src-main/engine/app/open-database.js';

let dir: string;
let db: Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'folio-db-'));
  db = openDatabase(join(dir, 'folio.db')).db;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('onTransactionEnd', () => {
  it('tells hooks of the outermost transaction whether it committed, once it is over', () => {
    const told: { committed: boolean; inTransaction: boolean }[] = [];
    const hook = (committed: boolean) => told.push({ committed, inTransaction: db.raw.inTransaction });

    db.transaction(() => db.transaction(() => db.onTransactionEnd(hook)));
    expect(() =>
      db.transaction(() => {
        db.onTransactionEnd(hook);
        throw new Error('refused');
      }),
    ).toThrow('refused');

    expect(told).toEqual([
      { committed: true, inTransaction: false },
      { committed: false, inTransaction: false },
    ]);
  });

  it('lets a hook open the next transaction, whose hooks are its own', () => {
    const told: string[] = [];
    db.transaction(() =>
      db.onTransactionEnd(() => {
        told.push('first');
        db.transaction(() => db.onTransactionEnd(() => told.push('second')));
      }),
    );
    expect(told).toEqual(['first', 'second']);
  });

  it('refuses a hook outside a transaction it opened', () => {
    expect(() => db.onTransactionEnd(() => undefined)).toThrow(/needs a transaction/);
  });
});
