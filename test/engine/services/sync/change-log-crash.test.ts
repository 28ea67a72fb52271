import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSpace } from '../../../support/content.js';
import { raw, TestServer } from '../../../support/server.js';
import { eventually, syncUrl } from './nodes.js';
import { integrityOf, killHard, startServe, type Serve } from './serve-process.js';

/** Enough spaces that the replica's first exchange is still going when it is killed, at some point of it. */
const HUB_SPACES = 120;

let hub: TestServer;
const replicaDir = mkdtempSync(join(tmpdir(), 'folio-replica-'));
const running = new Set<Serve>();

beforeAll(async () => {
  hub = await TestServer.start();
  for (let n = 0; n < HUB_SPACES; n += 1) await newSpace(hub.owner, hub.organizationId, { title: `Hub space ${n}` });
});

afterAll(async () => {
  for (const serve of running) {
    serve.child.kill('SIGTERM');
    await serve.exited;
  }
  await hub.stop();
  rmSync(replicaDir, { recursive: true, force: true });
});

async function serve(args: string[]): Promise<Serve> {
  const started = await startServe(['--data-dir', replicaDir, '--port', '0', ...args]);
  running.add(started);
  return started;
}

const spaceTitles = async (base: string, token: string): Promise<string[]> => {
  const answer = await raw(`${base}/v1/orgs/${hub.organizationId}/spaces?limit=1000`, { token });
  expect(answer.status).toBe(200);
  return (answer.body.items as { title: string }[]).map((space) => space.title);
};

describe('a replica killed with SIGKILL during sync', { timeout: 120_000 }, () => {
  it('restarts with an intact database and converges with nothing lost', async () => {
    const first = await serve(['--sync-url', syncUrl(hub), '--sync-token', hub.owner.token]);
    const token = readFileSync(join(replicaDir, 'token'), 'utf8').trim();
    await eventually(async () => expect((await raw(`${first.url}/v1/orgs/${hub.organizationId}`, { token })).status).toBe(200));
    const made = await raw(`${first.url}/v1/orgs/${hub.organizationId}/spaces`, { method: 'POST', token, body: JSON.stringify({ title: 'Made on the replica' }) });
    expect(made.status).toBe(201);

    await killHard(first);
    running.delete(first);
    expect(integrityOf(replicaDir)).toBe('ok');

    const again = await serve([]);
    const expected = [...Array.from({ length: HUB_SPACES }, (_, n) => `Hub space ${n}`), 'Made on the replica'].sort();
    await eventually(async () => {
      expect((await spaceTitles(again.url, token)).sort()).toEqual(expected);
      expect((await spaceTitles(hub.url, hub.owner.token)).sort()).toEqual(expected);
    });
  });
});
