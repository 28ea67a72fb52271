import pg from 'pg';
import { expect, it } from 'vitest';
import { addUser, issueToken } from '../../../../../src-main/engine/app/admin/commands.js';
import { purgeTombstones } from '../../../../../src-main/engine/services/sync/postgres/store.js';
import { openPostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import { describeWithPostgres } from './hub-processes.js';

describeWithPostgres('tombstones of deleted rows', (postgres) => {
  it('are purged an hour (a purge) after they were written; a working copy behind the purge is told to restart and writes nothing', async () => {
    const url = await postgres().newDatabase();
    const behind: string[] = [];
    const lagging = await openPostgresEngine(url, (message) => behind.push(message));
    const current = await openPostgresEngine(url);
    const admin = new pg.Client(url);
    await admin.connect();
    try {
      addUser(current.engine, 'ann@example.com', 'Ann');
      // A token deleted again leaves a tombstone of its row.
      issueToken(current.engine, 'ann@example.com');
      current.engine.db.run('DELETE FROM tokens');
      const tombstones = async () => Number((await admin.query('SELECT count(*) AS n FROM folio_hub_rows WHERE data IS NULL')).rows[0].n);
      expect(await tombstones()).toBeGreaterThan(0);

      expect((await purgeTombstones(admin)).removed).toBe(0);
      const second = await purgeTombstones(admin);
      expect(second.removed).toBeGreaterThan(0);
      expect(await tombstones()).toBe(0);

      expect(() => addUser(lagging.engine, 'bob@example.com', 'Bob')).toThrow(/too far behind/);
      expect(behind).toEqual([expect.stringMatching(/deletions up to turn \d+ were purged meanwhile: restart it/)]);
      const reopened = await openPostgresEngine(url);
      expect(reopened.engine.db.get('SELECT count(*) AS n FROM users')).toEqual({ n: 1 });
      expect(reopened.engine.db.get('SELECT count(*) AS n FROM tokens')).toEqual({ n: 0 });
      reopened.close();
    } finally {
      await admin.end();
      lagging.close();
      current.close();
    }
  }, 60_000);
});
