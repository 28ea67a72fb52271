import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { raw } from '../../../support/server.js';
import { Random } from './fuzz/random.js';
import { integrityOf, killHard, startServe, type Serve } from './serve-process.js';

/** Spaces the hub holds before the replica's first connection, so that its first exchange is long enough to be cut. */
const HUB_SPACES = 40;
/** The kill comes at a random moment in this window after the replica starts. */
const KILL_WINDOW_MS = 2_500;
const SEEDS = [1, 2, 3];

interface Side {
  name: 'hub' | 'replica';
  dataDir: string;
  serve: Serve;
  token: string;
  /** Titles of spaces this side acknowledged (201), and bodies of comments it acknowledged. */
  spaces: string[];
  comments: string[];
}

const dirs: string[] = [];
const running = new Set<Serve>();

afterEach(async () => {
  for (const serve of running) await killHard(serve);
  running.clear();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function serve(dataDir: string, args: string[]): Promise<Serve> {
  const started = await startServe(['--data-dir', dataDir, ...args]);
  running.add(started);
  return started;
}

function side(name: Side['name'], dataDir: string, started: Serve): Side {
  return { name, dataDir, serve: started, token: readFileSync(join(dataDir, 'token'), 'utf8').trim(), spaces: [], comments: [] };
}

const newDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

async function call(at: Side, path: string, method = 'GET', body?: unknown) {
  return raw(`${at.serve.url}${path}`, { method, token: at.token, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** Writes spaces and comments on a shared space until told to stop or the process is gone; keeps what was acknowledged. */
async function keepWriting(at: Side, organizationId: string, sharedSpace: string, stopped: () => boolean): Promise<void> {
  for (let n = 0; !stopped(); n += 1) {
    try {
      const title = `${at.name} space ${n}`;
      if ((await call(at, `/v1/orgs/${organizationId}/spaces`, 'POST', { title })).status === 201) at.spaces.push(title);
      const markdown = `${at.name} comment ${n}`;
      if ((await call(at, `/v1/spaces/${sharedSpace}/comments`, 'POST', { body: { markdown } })).status === 200) at.comments.push(markdown);
    } catch {
      return;
    }
  }
}

async function spaceTitles(at: Side, organizationId: string): Promise<string[]> {
  const answer = await call(at, `/v1/orgs/${organizationId}/spaces?limit=1000`);
  expect(answer.status).toBe(200);
  return (answer.body.items as { title: string }[]).map((space) => space.title).sort();
}

async function commentBodies(at: Side, spaceId: string): Promise<string[]> {
  const answer = await call(at, `/v1/spaces/${spaceId}/comments?limit=1000&format=markdown`);
  expect(answer.status).toBe(200);
  return (answer.body.items as { body: { markdown: string } }[]).map((comment) => comment.body.markdown.trim()).sort();
}

describe('the hub or a replica killed with SIGKILL at a random moment of sync', { timeout: 180_000 }, () => {
  for (const seed of SEEDS) {
    const random = new Random(seed);
    const victimName = seed % 2 === 1 ? 'hub' : 'replica';
    const killAfter = random.below(KILL_WINDOW_MS);
    it(`seed ${seed}: the ${victimName}, killed ${killAfter} ms in, restarts with an intact database and both converge with nothing acknowledged lost`, async () => {
      const hubDir = newDir('folio-hub-');
      const hub = side('hub', hubDir, await serve(hubDir, ['--port', '0']));
      const organizationId = ((await call(hub, '/v1/orgs')).body.items as { id: string }[])[0]!.id;
      for (let n = 0; n < HUB_SPACES; n += 1) await call(hub, `/v1/orgs/${organizationId}/spaces`, 'POST', { title: `seeded ${n}` });
      const shared = (await call(hub, `/v1/orgs/${organizationId}/spaces`, 'POST', { title: 'Shared' })).body.id as string;

      const replicaDir = newDir('folio-replica-');
      const hubSync = `ws://127.0.0.1:${hub.serve.port}/v1/sync`;
      const replica = side('replica', replicaDir, await serve(replicaDir, ['--port', '0', '--sync-url', hubSync, '--sync-token', hub.token]));
      // The replica adopts the hub's user and organization first; its writes start once it may write there.
      await vi.waitFor(async () => expect((await call(replica, `/v1/spaces/${shared}`)).status).toBe(200), { timeout: 30_000, interval: 20 });

      let stopped = false;
      const writers = [hub, replica].map((at) => keepWriting(at, organizationId, shared, () => stopped));
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      const victim = victimName === 'hub' ? hub : replica;
      await killHard(victim.serve);
      running.delete(victim.serve);
      stopped = true;
      await Promise.all(writers);
      expect(integrityOf(victim.dataDir)).toBe('ok');

      victim.serve = await serve(victim.dataDir, victim === hub ? ['--port', String(hub.serve.port)] : ['--port', '0']);
      // A write cut off between its commit and its answer may be there too: what was acknowledged must be.
      await vi.waitFor(
        async () => {
          const onHub = await spaceTitles(hub, organizationId);
          expect(await spaceTitles(replica, organizationId)).toEqual(onHub);
          expect(onHub).toEqual(expect.arrayContaining([...hub.spaces, ...replica.spaces, 'seeded 0', `seeded ${HUB_SPACES - 1}`]));
          const hubComments = await commentBodies(hub, shared);
          expect(await commentBodies(replica, shared)).toEqual(hubComments);
          expect(hubComments).toEqual(expect.arrayContaining([...hub.comments, ...replica.comments]));
        },
        { timeout: 90_000, interval: 200 },
      );
    });
  }
});
