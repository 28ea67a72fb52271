import { request } from 'node:http';
import pg from 'pg';
import { expect, it } from 'vitest';
import { ok } from '../../../../support/content.js';
import { runCli, runServeToEnd } from '../../../../support/processes.js';
import { isEnvelope, rawExchange } from '../../../../support/raw-socket.js';
import { openPostgresEngine } from '../../../../../src-main/engine/app/sync/postgres/working-copy.js';
import { eventually } from '../nodes.js';
import { allRefusedInOneLine, refusedInOneLine } from './blob-files.js';
import { describeWithPostgres, hubClusterEachTest, killHub, startHubProcess } from './hub-processes.js';

describeWithPostgres('serve --postgres and cli --postgres', (postgres) => {
  const cluster = hubClusterEachTest(postgres);

  // Six processes started one after another (five CLI commands, a hub) and a replica: minutes on a loaded machine.
  it('administers the hub from the command line: a user, a token, an organization, a member; the token opens the sync endpoint', async () => {
    const url = cluster.database();
    const cli = async (...args: string[]) => {
      const result = await runCli(['--postgres', url, ...args]);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      return result.stdout.trim();
    };
    await cli('user', 'add', '--email', 'ann@example.com', '--name', 'Ann');
    await cli('user', 'add', '--email', 'bob@example.com', '--name', 'Bob');
    const token = await cli('token', 'create', '--email', 'bob@example.com');
    const organization = await cli('org', 'add', '--title', 'Team', '--owner', 'ann@example.com');
    await cli('member', 'add', '--org', organization, '--email', 'bob@example.com', '--role', 'edit');

    const hub = await startHubProcess(url, 0, ['--allow-host', 'hubs.internal:7000']);
    cluster.hubs().push(hub);
    const bob = await cluster.replicaOn(hub.syncUrl, token);
    await eventually(async () => {
      const orgs = ok(await bob.client.call('listOrganizationsForAuthenticatedUser', { params: undefined, query: {} }));
      expect(orgs.items.map((org) => org.title)).toContain('Team');
    });
    const health = await fetch(`${hub.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', postgres: 'connected', replicas: 1 });
    // Behind a load balancer: its address is accepted as the process's own; any other Host is refused.
    expect(await statusWithHost(hub.port, 'hubs.internal:7000')).toBe(200);
    expect(await statusWithHost(hub.port, 'elsewhere.example:7000')).toBe(403);
    const elsewhere = await fetch(`${hub.url}/v1/orgs`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ error: { code: 404 } });
    // What an attacker sends is answered in the envelope, and the process keeps serving.
    const host = `127.0.0.1:${hub.port}`;
    const upgrade = 'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';
    const hostile: [string, number][] = [
      [`GET http://[ HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 400],
      [`GET /health?constructor=1&__proto__=2 HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 200],
      [`GET http://[ HTTP/1.1\r\nHost: ${host}\r\n${upgrade}\r\n`, 400],
      [`GET /health HTTP/1.1\r\nHost: ${host}\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      ['NOT AN HTTP REQUEST\r\n\r\n', 400],
    ];
    for (const [head, status] of hostile) {
      const answer = await rawExchange(hub.url, head);
      expect(answer.status).toBe(status);
      if (status >= 400) expect(isEnvelope(answer.body, status)).toBe(true);
    }
    expect((await fetch(`${hub.url}/health`)).status).toBe(200);
    await killHub(hub);
  }, 240_000);

  function statusWithHost(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/health', headers: { host } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
        .on('error', reject)
        .end();
    });
  }

  it('refuses in one line: a URL that is not PostgreSQL’s, a server not there, flags of a data dir', async () => {
    await allRefusedInOneLine([
      [runServeToEnd(['--postgres', 'mysql://nowhere/x']), /--postgres: not a PostgreSQL URL/],
      [runServeToEnd(['--postgres', 'postgres://folio@127.0.0.1:1/none', '--port', '0']), /cannot reach PostgreSQL at postgres:\/\/folio@127\.0\.0\.1:1\/none/],
      [runServeToEnd(['--postgres', cluster.database(), '--data-dir', '/tmp/x']), /--data-dir does not go with --postgres/],
      [runServeToEnd(['--postgres', cluster.database(), '--allow-host', 'no port']), /--allow-host: expected HOST:PORT/],
      [runCli(['--postgres', 'postgres://folio:secret@127.0.0.1:1/none', 'user', 'add', '--email', 'a@b.c', '--name', 'A']), /cannot reach PostgreSQL at postgres:\/\/folio:\*\*\*@/],
    ]);
  }, 120_000);

  it('refuses a database of another program, or of another version of Folio’s schema, and leaves it as it was', async () => {
    const url = cluster.database();
    const admin = new pg.Client(url);
    await admin.connect();
    try {
      await admin.query('CREATE TABLE invoices (id int)');
      refusedInOneLine(await runServeToEnd(['--postgres', url]), /not empty and holds no Folio hub \(tables: invoices\)/);
      await admin.query('DROP TABLE invoices');

      // The hub's tables made as a process's start makes them, in this one: the refused processes are the subject.
      (await openPostgresEngine(url)).close();
      await admin.query("UPDATE folio_hub_meta SET value = '999' WHERE key = 'engine_schema'");
      refusedInOneLine(await runServeToEnd(['--postgres', url]), /Folio schema version 999, newer than this Folio's \d+: run a newer Folio/);
      await admin.query("UPDATE folio_hub_meta SET value = '1' WHERE key = 'engine_schema'");
      // Rows said to be of schema 1 that are not: the upgrade fails in one line, and changes nothing.
      refusedInOneLine(
        await runCli(['--postgres', url, 'user', 'add', '--email', 'a@b.c', '--name', 'A']),
        /upgrading the hub database from Folio schema version 1 to \d+ failed, and changed nothing: /,
      );
      expect((await admin.query("SELECT value FROM folio_hub_meta WHERE key = 'engine_schema'")).rows).toEqual([{ value: '1' }]);
    } finally {
      await admin.end();
    }
  }, 120_000);
});
