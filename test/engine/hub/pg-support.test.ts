import pg from 'pg';
import { expect, test } from 'vitest';
import { postgresMissing, startPostgres } from '../../support/postgres.js';

test('starts and stops', async () => {
  if (postgresMissing()) return;
  const server = await startPostgres();
  try {
    const url = await server.newDatabase();
    const c = new pg.Client(url); await c.connect();
    expect((await c.query('select 1 as x')).rows[0].x).toBe(1);
    await c.end();
    await server.stopImmediate();
    await server.start();
    const d = new pg.Client(url); await d.connect(); await d.end();
  } finally { await server.destroy(); }
});
