import pg from 'pg';
import { expect, it } from 'vitest';
import { addUser } from '../../../../../src-main/engine/app/admin/commands.js';
import { openPostgresEngine, type PostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import { COMMIT_CHANNEL, readNotification } from '../../../../../src-main/engine/services/sync/postgres/store.js';
import { eventually } from '../nodes.js';
import { describeWithPostgres, withTwoWorkingCopies } from './hub-processes.js';

/** Two working copies of one database (two hub processes' engines): what one's turn wrote, the other replays at its next turn. */
describeWithPostgres('the rows a turn carries to the other processes', (postgres) => {
  const docChanges = (hub: PostgresEngine) => hub.engine.db.all<{ doc_id: string; change: number }>('SELECT doc_id, change FROM doc_changes ORDER BY doc_id');
  const sequence = (hub: PostgresEngine) => hub.engine.db.get<{ seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'change_log'")?.seq;

  it('a row written several times goes once; a key moved leaves the old one gone; an AUTOINCREMENT insert carries its high-water mark', async () => {
    const url = await postgres().newDatabase();
    await withTwoWorkingCopies(url, async ({ a, b, reader }) => {
      /** Whether PostgreSQL holds each key's values (false: a tombstone), by key. */
      const stored = async (tbl: string, keys: string[]) =>
        Object.fromEntries(
          (await reader.query<{ key: string; gone: boolean }>('SELECT key, data IS NULL AS gone FROM folio_hub_rows WHERE tbl = $1 AND key = ANY($2)', [tbl, keys])).rows.map((row) => [row.key, !row.gone]),
        );
      // One turn writes a row three times (twice updated in place): PostgreSQL takes one row for it (two would fail its upsert).
      a.engine.db.transaction(() => {
        a.engine.db.run("INSERT INTO doc_changes (doc_id, change) VALUES ('probe/one', 1)");
        a.engine.db.run("UPDATE doc_changes SET change = 2 WHERE doc_id = 'probe/one'");
        a.engine.db.run("UPDATE doc_changes SET change = 3 WHERE doc_id = 'probe/one'");
      });
      addUser(b.engine, 'ann@example.com', 'Ann');
      expect(docChanges(b).filter((row) => row.doc_id.startsWith('probe/'))).toEqual([{ doc_id: 'probe/one', change: 3 }]);

      // An update that moves the key of a WITHOUT ROWID table's row, and one that moves a rowid: the old keys are deleted too.
      const before = a.engine.db.get<{ seq: number }>('SELECT max(seq) AS seq FROM change_log')!.seq ?? 0;
      a.engine.db.transaction(() => {
        a.engine.db.run("UPDATE doc_changes SET doc_id = 'probe/two' WHERE doc_id = 'probe/one'");
        a.engine.db.run(
          "INSERT INTO change_log (hlc, tbl, row_key, op, fields) VALUES ('0000000000000-0000-probe', 'probe', '[\"x\"]', 'insert', '{}')",
        );
      });
      const inserted = a.engine.db.get<{ seq: number }>('SELECT max(seq) AS seq FROM change_log')!.seq;
      expect(inserted).toBeGreaterThan(before);
      a.engine.db.transaction(() => a.engine.db.run('UPDATE change_log SET seq = ? WHERE seq = ?', inserted + 100, inserted));
      addUser(b.engine, 'bob@example.com', 'Bob');

      expect(docChanges(b).filter((row) => row.doc_id.startsWith('probe/'))).toEqual([{ doc_id: 'probe/two', change: 3 }]);
      expect(await stored('doc_changes', ['["probe/one"]', '["probe/two"]'])).toEqual({ '["probe/one"]': false, '["probe/two"]': true });
      expect(b.engine.db.all('SELECT seq, tbl FROM change_log WHERE seq IN (?, ?)', inserted, inserted + 100)).toEqual([{ seq: inserted + 100, tbl: 'probe' }]);
      expect(await stored('change_log', [String(inserted), String(inserted + 100)])).toEqual({ [inserted]: false, [inserted + 100]: true });
      // High-water marks travel with the inserts: once each copy replayed the other's turns, both number the next change alike.
      addUser(a.engine, 'cat@example.com', 'Cat');
      b.engine.db.transaction(() => b.engine.db.run("INSERT INTO doc_changes (doc_id, change) VALUES ('probe/three', 1)"));
      expect(sequence(a)).toBeGreaterThan(inserted + 100);
      expect(sequence(b)).toBe(sequence(a));
      expect(b.engine.db.all('SELECT seq, tbl, row_key FROM change_log ORDER BY seq')).toEqual(a.engine.db.all('SELECT seq, tbl, row_key FROM change_log ORDER BY seq'));
    });
  }, 60_000);

  it('the commit’s NOTIFY carries the turn’s rows as PostgreSQL stored them (tombstones too), or the turn alone when they are many', async () => {
    const url = await postgres().newDatabase();
    const hub = await openPostgresEngine(url);
    const listener = new pg.Client(url);
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN ${COMMIT_CHANNEL}`);
    const storedRows = async (seq: number) =>
      (await listener.query<{ tbl: string; key: string; data: Buffer | null }>('SELECT tbl, key, data FROM folio_hub_rows WHERE seq = $1 ORDER BY tbl, key', [seq])).rows.map((row) => ({ ...row }));
    const sorted = <T extends { tbl: string; key: string }>(rows: T[]) => [...rows].sort((x, y) => (x.tbl + x.key < y.tbl + y.key ? -1 : 1));
    try {
      const { engine, order } = hub;
      const turns: number[] = [];
      const stored: Awaited<ReturnType<typeof storedRows>>[] = [];
      // An ordinary turn, then an optimistic one (a write that may run twice) that deletes a row, then one too big to carry.
      engine.db.transaction(() => engine.db.run("INSERT INTO doc_changes (doc_id, change) VALUES ('probe/one', 1), ('probe/two', 1)"));
      turns.push(order.cursor);
      stored.push(await storedRows(order.cursor));
      engine.db.rerunnable(() => engine.db.run("DELETE FROM doc_changes WHERE doc_id = 'probe/one'"));
      turns.push(order.cursor);
      stored.push(await storedRows(order.cursor));
      engine.db.transaction(() => {
        for (let n = 0; n < 200; n++) engine.db.run('INSERT INTO doc_changes (doc_id, change) VALUES (?, 1)', `probe/many/${n}`);
      });
      turns.push(order.cursor);
      await eventually(() => expect(heard.map((payload) => readNotification(payload).seq)).toEqual(turns));

      const [ordinary, optimistic, many] = heard.map(readNotification);
      expect(sorted(ordinary!.rows!)).toEqual(stored[0]);
      expect(sorted(optimistic!.rows!)).toEqual(stored[1]);
      expect(optimistic!.rows!.find((row) => row.key === '["probe/one"]')).toEqual({ tbl: 'doc_changes', key: '["probe/one"]', data: null });
      expect(many!.rows).toBeUndefined();
      expect(heard[2]).toBe(String(turns[2]));
    } finally {
      await listener.end();
      hub.close();
    }
  }, 60_000);
});
