import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess } from '../../../support/processes.js';
import { raw } from '../../../support/server.js';
import { eventually } from './nodes.js';

const hubDir = mkdtempSync(join(tmpdir(), 'folio-hub-'));
const replicaDir = mkdtempSync(join(tmpdir(), 'folio-replica-'));
const running: ServeProcess[] = [];

afterAll(async () => {
  for (const serve of running) {
    serve.child.kill('SIGTERM');
    await serve.exited;
  }
  rmSync(hubDir, { recursive: true, force: true });
  rmSync(replicaDir, { recursive: true, force: true });
});

async function serve(args: string[]): Promise<ServeProcess> {
  const started = await startServe(args);
  running.push(started);
  return started;
}

async function stop(serve: ServeProcess): Promise<void> {
  serve.child.kill('SIGTERM');
  expect(await serve.exited).toBe(0);
  running.splice(running.indexOf(serve), 1);
}

describe('npm run serve --sync-url --sync-token', { timeout: 90_000 }, () => {
  it('connects a replica to a hub, and reconnects after a restart without the flags', async () => {
    const hub = await serve(['--data-dir', hubDir, '--port', '0']);
    const hubToken = readFileSync(join(hubDir, 'token'), 'utf8').trim();
    const url = `${hub.url.replace('http:', 'ws:')}/v1/sync`;

    const replica = await serve(['--data-dir', replicaDir, '--port', '0', '--sync-url', url, '--sync-token', hubToken]);
    const token = readFileSync(join(replicaDir, 'token'), 'utf8').trim();
    await eventually(async () => expect((await raw(`${replica.url}/v1/sync/status`, { token })).body).toMatchObject({ state: 'connected', url }));
    await stop(replica);

    const again = await serve(['--data-dir', replicaDir, '--port', '0']);
    await eventually(async () => expect((await raw(`${again.url}/v1/sync/status`, { token })).body).toMatchObject({ state: 'connected', url }));
  });

  it('refuses one flag without the other, and a URL that is not ws://', async () => {
    await expect(serve(['--data-dir', replicaDir, '--sync-url', 'ws://127.0.0.1:1/v1/sync'])).rejects.toThrow(/--sync-url and --sync-token go together/);
    await expect(serve(['--data-dir', replicaDir, '--sync-url', 'http://x/', '--sync-token', 't'])).rejects.toThrow(/--sync-url: expected a ws/);
  });
});
