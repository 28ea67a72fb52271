import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { ok } from '../../../../support/content.js';
import { addPage } from '../../../transports/yjs/peers.js';
import { Random } from '../fuzz/random.js';
import { contentOf, eventually, type Replica } from '../nodes.js';
import { describeWithOwnPostgres, hubClusterEachTest, killHub, startHubProcess, type HubProcess } from './hub-processes.js';

/** Longer than `eventually`'s default: PostgreSQL restarts, hub processes reconnect with backoff (at most 10 s). */
const RECOVERY = { timeout: 45_000, interval: 50 };

describeWithOwnPostgres('hub processes survive faults', (postgres) => {
  const cluster = hubClusterEachTest(postgres);
  let hubs: HubProcess[];
  const twoSides = async () => {
    const sides = await cluster.twoSides();
    hubs = cluster.hubs();
    return sides;
  };

  async function spaceTitles(replica: Replica, organizationId: string): Promise<string[]> {
    return ok(await replica.client.call('listSpacesInOrganizationById', { params: { organizationId }, query: { limit: 100 } })).items.map((space) => space.title);
  }

  async function health(hub: HubProcess): Promise<{ status: number; body: { status: string } }> {
    const response = await fetch(`${hub.url}/health`);
    return { status: response.status, body: (await response.json()) as { status: string } };
  }

  it('PostgreSQL stopped at once (pg_ctl -m immediate) and started again: writes made meanwhile wait in outboxes and land after', async () => {
    const { a, b, organizationId, tree } = await twoSides();
    await postgres().stopImmediate();
    await eventually(async () => expect(await health(hubs[0]!)).toMatchObject({ status: 503, body: { status: 'degraded' } }));

    ok(await a.client.call('createSpace', { params: { organizationId }, body: { title: 'While the database was down' } }));
    addPage(a.engine, tree, 'fromA');
    addPage(b.engine, tree, 'fromB');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await a.status()).pendingChanges + (await a.status()).outbox).toBeGreaterThan(0);

    await postgres().start();
    await expect
      .poll(async () => (await Promise.all(hubs.map(health))).map((answer) => answer.status), RECOVERY)
      .toEqual([200, 200]);
    await expect.poll(async () => spaceTitles(b, organizationId), RECOVERY).toContain('While the database was down');
    await expect
      .poll(() => Object.keys((contentOf(a.engine, tree) as { pages: object }).pages).sort(), RECOVERY)
      .toEqual(['fromA', 'fromB']);
    await expect.poll(() => contentOf(b.engine, tree), RECOVERY).toEqual(contentOf(a.engine, tree));
    for (const replica of [a, b]) await expect.poll(async () => await replica.status(), RECOVERY).toMatchObject({ outbox: 0, pendingChanges: 0 });
  }, 180_000);

  it('a dropped LISTEN connection costs latency only: commits made meanwhile still reach the other process', async () => {
    const { a, b, tree } = await twoSides();
    const admin = new pg.Client(cluster.database());
    await admin.connect();
    try {
      const dropped = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'folio-hub-listener'");
      expect(dropped.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    addPage(a.engine, tree, 'whileNobodyListened');
    await expect.poll(() => Object.keys((contentOf(b.engine, tree) as { pages: object }).pages), RECOVERY).toContain('whileNobodyListened');
  }, 120_000);

  it('a hub process killed (SIGKILL) mid-traffic: every write acknowledged on either replica reaches both', async () => {
    const { a, b, organizationId, tree } = await twoSides();
    const random = new Random(7);
    let writing = true;
    const written = new Map<Replica, string[]>([
      [a, []],
      [b, []],
    ]);
    const keepWriting = async (replica: Replica, name: string) => {
      for (let n = 0; writing; n++) {
        const title = `${name} ${n}`;
        if ((await replica.client.call('createSpace', { params: { organizationId }, body: { title } })).status === 201) written.get(replica)!.push(title);
        addPage(replica.engine, tree, `${name}-page-${n}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const writers = [keepWriting(a, 'a'), keepWriting(b, 'b')];
    await new Promise((resolve) => setTimeout(resolve, 300 + random.below(1200)));
    await killHub(hubs[0]!);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    writing = false;
    await Promise.all(writers);

    const everyTitle = [...written.values()].flat();
    expect(everyTitle.length).toBeGreaterThan(4);
    for (const replica of [a, b]) {
      await expect.poll(async () => (await spaceTitles(replica, organizationId)).filter((title) => everyTitle.includes(title)).length, RECOVERY).toBe(everyTitle.length);
      await expect.poll(async () => await replica.status(), RECOVERY).toMatchObject({ state: 'connected', outbox: 0, pendingChanges: 0 });
    }
    await expect.poll(() => contentOf(b.engine, tree), RECOVERY).toEqual(contentOf(a.engine, tree));

    // The killed process starts again from PostgreSQL alone. Its working copy has no name on disk
    // once open, so it takes its room with it when killed: nothing is left in its TMPDIR.
    const tmp = mkdtempSync(join(tmpdir(), 'folio-hub-tmp-'));
    try {
      hubs[0] = await startHubProcess(cluster.database(), 0, [], { ...process.env, TMPDIR: tmp });
      expect(await health(hubs[0])).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(readdirSync(tmp)).toEqual([]);
      await killHub(hubs[0]);
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 180_000);
});
