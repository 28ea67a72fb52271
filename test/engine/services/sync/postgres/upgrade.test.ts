import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { insertUser } from '../../../../../src-main/engine/domain/users/sql.js';
import { createToken } from '../../../../../src-main/engine/core/auth/tokens.js';
import { LATEST_SCHEMA } from '../../../../../src-main/engine/core/db/migrations/index.js';
import { openDatabase } from '../../../../../src-main/engine/app/open-database.js';
import { RowEffects } from '../../../../../src-main/engine/services/sync/postgres/row-effects.js';
import { openStore } from '../../../../../src-main/engine/services/sync/postgres/store.js';
import { openPostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import { describeWithPostgres } from './hub-processes.js';

/** The last schema before 028 rebuilt `file_blobs` (a WITHOUT ROWID table until then). */
const OLDER = 27;

describeWithPostgres('a hub database of an older Folio', (postgres) => {
  it('is upgraded by the first process that opens it: every row kept, in the new shapes, once', async () => {
    const url = await postgres().newDatabase();
    // The store as a hub of the older Folio left it: a user with a token, and a file's bytes.
    const folder = mkdtempSync(join(tmpdir(), 'folio-older-hub-'));
    let token: string;
    const bytes = Buffer.from('bytes of a file kept by the older hub');
    try {
      const { db } = openDatabase(join(folder, 'folio.db'), { schemaVersion: OLDER });
      const now = new Date().toISOString();
      const userId = db.transaction(() => insertUser(db, { email: 'ann@example.com', displayName: 'Ann', now }));
      token = db.transaction(() => createToken(db, userId, now));
      db.run('INSERT INTO file_blobs (sha256, bytes) VALUES (?, ?)', 'f'.repeat(64), bytes);
      await openStore(url, OLDER, () => new RowEffects(db.raw, () => false).everyRow());
      db.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const admin = new pg.Client(url);
    await admin.connect();
    const first = await openPostgresEngine(url);
    const second = await openPostgresEngine(url);
    try {
      expect((await admin.query("SELECT value FROM folio_hub_meta WHERE key = 'engine_schema'")).rows).toEqual([{ value: String(LATEST_SCHEMA) }]);
      for (const { engine } of [first, second]) {
        expect(engine.db.get<{ user_version: number }>('PRAGMA user_version')!.user_version).toBe(LATEST_SCHEMA);
        const me = await engine.request({ method: 'GET', path: '/v1/user', headers: { authorization: `Bearer ${token}` } });
        expect(me).toMatchObject({ status: 200, body: { email: 'ann@example.com', displayName: 'Ann' } });
        expect(engine.db.get<{ bytes: Buffer }>('SELECT bytes FROM file_blobs WHERE sha256 = ?', 'f'.repeat(64))!.bytes).toEqual(bytes);
      }
      // Rows are kept by rowid now that file_blobs has one; the old keys left no tombstones behind.
      expect((await admin.query("SELECT key FROM folio_hub_rows WHERE tbl = 'file_blobs'")).rows).toEqual([{ key: expect.stringMatching(/^\d+$/) }]);
      expect(Number((await admin.query('SELECT count(*) AS n FROM folio_hub_rows WHERE data IS NULL')).rows[0].n)).toBe(0);
      // A write after the upgrade reaches the other process, as any turn does.
      first.engine.db.transaction(() => insertUser(first.engine.db, { email: 'bob@example.com', displayName: 'Bob', now: new Date().toISOString() }));
      const reopened = await openPostgresEngine(url);
      expect(reopened.engine.db.get('SELECT count(*) AS n FROM users')).toEqual({ n: 2 });
      reopened.close();
    } finally {
      await admin.end();
      first.close();
      second.close();
    }
  }, 60_000);
});
