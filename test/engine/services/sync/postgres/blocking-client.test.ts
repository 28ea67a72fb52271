import pg from 'pg';
import { expect, it, vi } from 'vitest';
import { BlockingPostgres, libpqLoads, PostgresUnavailable, type PostgresClient } from '../../../../../src-main/engine/services/sync/postgres/blocking-client.js';
import { describeWithPostgres } from './hub-processes.js';

/**
 * The writer's synchronous connection (docs/hub.md, "The writer's connection"), on libpq where the
 * addon is installed and in a worker thread elsewhere: both answer alike. CI installs libpq's
 * headers, so there the addon must have been built; elsewhere its tests wait for it.
 */
const CLIENTS: PostgresClient[] = libpqLoads() ? ['libpq', 'worker'] : ['worker'];

describeWithPostgres('the writer’s synchronous connection to PostgreSQL', (postgres) => {
  it.skipIf(!libpqLoads() && !process.env.CI)('uses libpq where its addon is built (in CI, always)', () => {
    expect(libpqLoads()).toBe(true);
    expect(new BlockingPostgres('postgres://nobody@127.0.0.1:1/none').client).toBe('libpq');
  });

  it.skipIf(!libpqLoads())('libpq: a statement sent unanswered goes at once; the next call reads its answer first and answers its own', async () => {
    const url = await postgres().newDatabase();
    const db = new BlockingPostgres(url, 15_000, 'libpq');
    const listener = new pg.Client(url);
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query('LISTEN probe');
      // Never connects for it: with no connection open yet (PostgreSQL may be away), nothing is sent.
      expect(db.sendUnanswered("NOTIFY probe, 'unsent'")).toBe(false);
      db.call('CREATE TABLE t (n int)');
      expect(db.sendUnanswered("NOTIFY probe, 'one'")).toBe(true);
      // Delivered while nobody reads its answer.
      await vi.waitFor(() => expect(heard).toEqual(['one']));
      // Two in a row, the second reading the first's answer; a failing one changes nothing for the call after it.
      expect(db.sendUnanswered("NOTIFY probe, 'two'")).toBe(true);
      expect(db.sendUnanswered('INSERT INTO missing VALUES (1)')).toBe(true);
      expect(db.call('INSERT INTO t VALUES (1); SELECT n FROM t')).toEqual([[], [[1]]]);
      await vi.waitFor(() => expect(heard).toEqual(['one', 'two']));
    } finally {
      await listener.end();
      db.stop();
    }
  });

  it('worker: sends nothing unanswered (its thread answers every message)', async () => {
    const db = new BlockingPostgres(await postgres().newDatabase(), 15_000, 'worker');
    try {
      db.call('SELECT 1');
      expect(db.sendUnanswered('SELECT 1')).toBe(false);
      expect(db.call('SELECT 2')).toEqual([[[2]]]);
    } finally {
      db.stop();
    }
  });

  for (const client of CLIENTS) {
    it(`${client}: answers each statement of a round trip with its rows, typed as pg types them`, async () => {
      const db = new BlockingPostgres(await postgres().newDatabase(), 15_000, client);
      try {
        const answers = db.call(
          `BEGIN; CREATE TABLE t (n int, big bigint, flag boolean, data bytea, note text); INSERT INTO t VALUES (1, 9007199254740993, true, '\\x00ff'::bytea, NULL), (2, 2, false, NULL, 'two');
          SELECT n, big, flag, data, note FROM t ORDER BY n; COMMIT`,
        );
        // bytea comes as bytes: a Buffer from libpq, its copy from the worker thread.
        expect(answers.map((rows) => rows.map((row) => (row as unknown[]).map((value) => (value instanceof Uint8Array ? Buffer.from(value) : value))))).toEqual([
          [],
          [],
          [],
          [
            [1, '9007199254740993', true, Buffer.from([0, 255]), null],
            [2, '2', false, null, 'two'],
          ],
          [],
        ]);
        // The writer's session settings.
        expect(db.call("SELECT current_setting('lock_timeout'), current_setting('application_name')")).toEqual([[['10s', 'folio-hub-writer']]]);
      } finally {
        db.stop();
      }
    });

    it(`${client}: throws a failed statement's message and keeps the connection, whose transaction the caller rolls back`, async () => {
      const db = new BlockingPostgres(await postgres().newDatabase(), 15_000, client);
      try {
        db.call('CREATE TABLE t (n int PRIMARY KEY); INSERT INTO t VALUES (1)');
        let thrown: unknown;
        try {
          db.call('BEGIN; INSERT INTO t VALUES (2); INSERT INTO t VALUES (1); INSERT INTO t VALUES (3)');
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(Error);
        expect(thrown).not.toBeInstanceOf(PostgresUnavailable);
        expect((thrown as Error).message).toMatch(/duplicate key value/);
        db.call('ROLLBACK');
        expect(db.call('SELECT n FROM t ORDER BY n')).toEqual([[[1]]]);
      } finally {
        db.stop();
      }
    });

    it(`${client}: a connection ended under it is opened again, the call that found it ended at worst unavailable`, async () => {
      const url = await postgres().newDatabase();
      const db = new BlockingPostgres(url, 15_000, client);
      const admin = new pg.Client(url);
      await admin.connect();
      try {
        const [[[pid]]] = db.call('SELECT pg_backend_pid()') as [[[number]]];
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        // Heard of before the next call (what the server said came while idle), another connection
        // answers it; heard of only as the call's answer, that call is unavailable and the next opens another.
        try {
          expect(db.call('SELECT 1')).toEqual([[[1]]]);
        } catch (error) {
          expect(error).toBeInstanceOf(PostgresUnavailable);
        }
        expect(db.call('SELECT 2')).toEqual([[[2]]]);
        const [[[next]]] = db.call('SELECT pg_backend_pid()') as [[[number]]];
        expect(next).not.toBe(pid);
      } finally {
        await admin.end();
        db.stop();
      }
    });

    it(`${client}: a server that cannot be reached is unavailable, not a crash`, () => {
      const db = new BlockingPostgres('postgres://folio@127.0.0.1:1/none', 15_000, client);
      try {
        expect(() => db.call('SELECT 1')).toThrow(PostgresUnavailable);
      } finally {
        db.stop();
      }
    });
  }
});
