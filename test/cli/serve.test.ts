import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe } from '../support/processes.js';
import { raw } from '../support/server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'folio-serve-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run serve', { timeout: 90_000 }, () => {
  it('prints one line with the address, bootstraps the data dir, and stops cleanly on SIGTERM', async () => {
    const serve = await startServe(['--data-dir', dataDir, '--port', '0']);
    const tokenFile = join(dataDir, 'token');
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const token = readFileSync(tokenFile, 'utf8').trim();
    const user = await raw(`${serve.url}/v1/user`, { token });
    expect(user).toMatchObject({ status: 200, body: { object: 'user' } });
    const orgs = await raw(`${serve.url}/v1/orgs`, { token });
    const organizationId = orgs.body.items[0].id;
    const patched = await raw(`${serve.url}/v1/orgs/${organizationId}`, {
      method: 'PATCH',
      token,
      body: JSON.stringify({ title: 'Kept across restarts' }),
    });
    expect(patched.status).toBe(200);
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);

    const again = await startServe(['--data-dir', dataDir, '--port', '0']);
    expect(readFileSync(tokenFile, 'utf8').trim()).toBe(token);
    const after = await raw(`${again.url}/v1/orgs`, { token });
    expect(after.body.items.map((o: { title: string }) => o.title)).toEqual(['Kept across restarts']);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it('names the owner and the first organization of a new data dir, which starts with the welcome space', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'folio-serve-named-'));
    try {
      const serve = await startServe(['--data-dir', fresh, '--port', '0', '--name', 'Ada Lovelace', '--organization', 'Analytical Engines']);
      const token = readFileSync(join(fresh, 'token'), 'utf8').trim();
      expect((await raw(`${serve.url}/v1/user`, { token })).body.displayName).toBe('Ada Lovelace');
      const orgs = await raw(`${serve.url}/v1/orgs`, { token });
      expect(orgs.body.items.map((o: { title: string }) => o.title)).toEqual(['Analytical Engines']);
      const spaces = await raw(`${serve.url}/v1/orgs/${orgs.body.items[0].id}/spaces`, { token });
      expect(spaces.body.items.map((s: { title: string }) => s.title)).toEqual(['Welcome to Folio']);
      expect((await raw(`${serve.url}/v1/first-start`, { token })).body.needed).toBe(false);
      serve.child.kill('SIGTERM');
      expect(await serve.exited).toBe(0);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('refuses a blank --name with a one-line error', async () => {
    await expect(startServe(['--data-dir', dataDir, '--port', '0', '--name', '  '])).rejects.toThrow(/--name: /);
  });

  it('refuses a bad port with a one-line error', async () => {
    await expect(startServe(['--data-dir', dataDir, '--port', 'x'])).rejects.toThrow(/--port/);
  });
});
