import pg from 'pg';
import { expect, it } from 'vitest';
import * as Y from 'yjs';
import { addUser } from '../../../../../src-main/engine/app/admin/commands.js';
import { libpqLoads } from '../../../../../src-main/engine/services/sync/postgres/blocking-client.js';
import { COMMIT_CHANNEL, ROOMS_CHANNEL } from '../../../../../src-main/engine/services/sync/postgres/store.js';
import { openPostgresEngine, type PostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import type { PostgresHub } from '../../../../../src-main/engine/app/sync/postgres/hub-server.js';
import { eventually } from '../nodes.js';
import { describeWithPostgres, startHubInProcess, withTwoWorkingCopies } from './hub-processes.js';

/** An update that sets `key` in the doc's map `probe`, made by a doc of its own (a client of its own). */
function edit(key: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getMap('probe').set(key, key);
  return Y.encodeStateAsUpdate(doc);
}

const keysOf = (hub: PostgresEngine, docId: string) => [...hub.engine.docs.load(docId).getMap('probe').keys()].sort();

/** Two working copies of one database (two hub processes' engines, without their commit followers: each hears of the other only at its own turns). */
describeWithPostgres('optimistic turns: a write that may run twice runs first and is ordered at its commit', (postgres) => {
  /**
   * Runs `act` in one task while the turn counter's row is held for 300 ms, released by the server
   * itself: a turn in `act` waits on it with the loop blocked, so relays must already be on the
   * wire to reach PostgreSQL first (without it the test raced two server processes). Returns what
   * a client listening on both channels heard, once it heard `count` notifications.
   */
  async function heardAround(act: (hub: PostgresHub) => void, count: number): Promise<string[]> {
    const url = await postgres().newDatabase();
    const hub = await startHubInProcess(url);
    const listener = new pg.Client(url);
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.channel === ROOMS_CHANNEL ? `relay ${message.payload}` : 'commit'));
    await listener.query(`LISTEN ${ROOMS_CHANNEL}`);
    await listener.query(`LISTEN ${COMMIT_CHANNEL}`);
    const blocker = new pg.Client(url);
    await blocker.connect();
    try {
      await blocker.query('BEGIN; SELECT seq FROM folio_hub_counter WHERE id = 1 FOR UPDATE');
      const released = blocker.query('SELECT pg_sleep(0.3); COMMIT');
      act(hub);
      await released;
      await eventually(() => expect(heard).toHaveLength(count));
      return heard;
    } finally {
      await blocker.end();
      await listener.end();
      await hub.close();
    }
  }

  it('a live edit’s relay goes on the wire at once, before a turn that blocks the loop, even behind an answer not read yet', async () => {
    const heard = await heardAround((hub) => {
      // Two relays, then a turn, in one task: the first relay's answer cannot be read before the turn ends.
      hub.follower.notifyRooms('one');
      hub.follower.notifyRooms('two');
      addUser(hub.opened.engine, 'ann@example.com', 'Ann');
    }, 3);
    expect(heard).toEqual(['relay one', 'relay two', 'commit']);
  }, 60_000);

  it.skipIf(!libpqLoads())('on libpq the relays leave from the writer’s connection between turns, as at once, and the turn after them commits', async () => {
    const heard = await heardAround((hub) => {
      const { engine, order } = hub.opened;
      // As above, the second relay reading the first's answer, the turn reading the second's.
      expect(order.notifyRooms('one')).toBe(true);
      expect(order.notifyRooms('two')).toBe(true);
      const cursor = order.cursor;
      addUser(engine, 'ann@example.com', 'Ann');
      expect(order.cursor).toBe(cursor + 1);
      // Inside a turn it sends nothing (a pessimistic turn holds its transaction open there): the LISTEN connection takes it.
      engine.db.transaction(() => {
        engine.db.run("INSERT INTO doc_changes (doc_id, change) VALUES ('probe', 1)");
        expect(order.notifyRooms('inside')).toBe(false);
      });
    }, 4);
    expect(heard).toEqual(['relay one', 'relay two', 'commit', 'commit']);
  }, 60_000);

  it('commits in one turn when nobody wrote since the cursor, and runs again after the other process’s rows when one did', async () => {
    const url = await postgres().newDatabase();
    await withTwoWorkingCopies(url, async ({ a, b, reader }) => {
      const counter = async () => Number((await reader.query('SELECT seq FROM folio_hub_counter')).rows[0].seq);
      const doc = 'probe-doc';
      const runs = { a: 0, b: 0 };
      const write = (hub: PostgresEngine, side: 'a' | 'b', key: string) =>
        hub.engine.db.rerunnable(() => {
          runs[side] += 1;
          return hub.engine.docs.applyRemote(doc, edit(key), side);
        });

      // A is at the head: its write runs once, and its turn is the next.
      const head = await counter();
      expect(a.order.cursor).toBe(head);
      expect(write(a, 'a', 'first on A')).toMatchObject({ ok: true, applied: true });
      expect(runs.a).toBe(1);
      expect(a.order.cursor).toBe(head + 1);
      expect(await counter()).toBe(head + 1);

      // B still stands at its own cursor: its write runs there first, finds A's turn came before, and runs again on A's rows.
      expect(b.order.cursor).toBe(head);
      expect(write(b, 'b', 'then on B')).toMatchObject({ ok: true, applied: true });
      expect(runs.b).toBe(2);
      expect(b.order.cursor).toBe(head + 2);
      expect(keysOf(b, doc)).toEqual(['first on A', 'then on B']);

      // A's next write, optimistic at a stale cursor too, replays B's turn; every write is on both copies and in PostgreSQL once each.
      expect(write(a, 'a', 'again on A')).toMatchObject({ ok: true, applied: true });
      expect(runs.a).toBe(3);
      expect(a.order.cursor).toBe(head + 3);
      addUser(b.engine, 'ann@example.com', 'Ann');
      const all = ['again on A', 'first on A', 'then on B'];
      expect(keysOf(a, doc)).toEqual(all);
      expect(keysOf(b, doc)).toEqual(all);
      expect(await counter()).toBe(head + 4);
      const stored = await reader.query("SELECT count(*)::int AS n FROM folio_hub_rows WHERE tbl = 'doc_updates'");
      expect(a.engine.db.get<{ n: number }>('SELECT count(*) AS n FROM doc_updates')!.n).toBe(stored.rows[0].n);
      expect(b.engine.db.get<{ n: number }>('SELECT count(*) AS n FROM doc_updates')!.n).toBe(stored.rows[0].n);
    });
  }, 60_000);

  it('a write that changed nothing takes no turn, and one that fails rolls back and orders nothing', async () => {
    const url = await postgres().newDatabase();
    const hub = await openPostgresEngine(url);
    try {
      const { engine, order } = hub;
      const once = edit('once');
      expect(engine.db.rerunnable(() => engine.docs.applyRemote('probe-doc', once, 'x'))).toMatchObject({ applied: true });
      const cursor = order.cursor;
      // The same update again writes no row: nothing is sent, and the cursor stays.
      expect(engine.db.rerunnable(() => engine.docs.applyRemote('probe-doc', once, 'x'))).toMatchObject({ applied: false });
      expect(order.cursor).toBe(cursor);
      // A failure of the write itself rolls back as any transaction does, and orders nothing.
      expect(() =>
        engine.db.rerunnable(() => {
          engine.docs.applyRemote('probe-doc', edit('rolled back'), 'x');
          throw new Error('the write failed');
        }),
      ).toThrow('the write failed');
      expect(order.cursor).toBe(cursor);
      expect(keysOf(hub, 'probe-doc')).toEqual(['once']);
    } finally {
      hub.close();
    }
  }, 60_000);
});
