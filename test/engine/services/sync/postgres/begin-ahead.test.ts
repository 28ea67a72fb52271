import pg from 'pg';
import { expect, it } from 'vitest';
import { addUser } from '../../../../../src-main/engine/app/admin/commands.js';
import { ROOMS_CHANNEL } from '../../../../../src-main/engine/services/sync/postgres/store.js';
import { openPostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import { eventually } from '../nodes.js';
import { describeWithPostgres } from './hub-processes.js';

describeWithPostgres('a turn begun ahead of its write, with a NOTIFY (a live edit relayed to the other processes)', (postgres) => {
  it('sends the NOTIFY before the turn, which the next write takes; a turn no write took is given back', async () => {
    const url = await postgres().newDatabase();
    const hub = await openPostgresEngine(url);
    const listener = new pg.Client(url);
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(`${message.channel} ${message.payload}`));
    await listener.query(`LISTEN ${ROOMS_CHANNEL}`);
    const counter = async () => Number((await listener.query('SELECT seq FROM folio_hub_counter')).rows[0].seq);
    try {
      const { order, engine } = hub;
      const before = order.cursor;
      expect(order.beginAhead(ROOMS_CHANNEL, 'relayed ahead of its write')).toBe(true);
      // One turn at a time: a second relay meanwhile goes its own way.
      expect(order.beginAhead(ROOMS_CHANNEL, 'another')).toBe(false);
      addUser(engine, 'ann@example.com', 'Ann');
      expect(order.cursor).toBe(before + 1);
      expect(await counter()).toBe(before + 1);
      await eventually(() => expect(heard).toEqual([`${ROOMS_CHANNEL} relayed ahead of its write`]));

      // No write in the same task: the turn is rolled back, its number and the counter's lock given back.
      expect(order.beginAhead(ROOMS_CHANNEL, 'relayed, then no write')).toBe(true);
      await Promise.resolve();
      expect(await counter()).toBe(before + 1);
      await eventually(() => expect(heard).toContain(`${ROOMS_CHANNEL} relayed, then no write`));
      addUser(engine, 'bob@example.com', 'Bob');
      expect(order.cursor).toBe(before + 2);
      expect(engine.db.get('SELECT count(*) AS n FROM users')).toEqual({ n: 2 });
    } finally {
      await listener.end();
      hub.close();
    }
  }, 60_000);
});
