import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServe, type ServeProcess } from '../support/processes.js';
import { raw } from '../support/server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'folio-cli-'));
let serve: ServeProcess;
beforeAll(async () => (serve = await startServe(['--data-dir', dataDir, '--port', '0'])));
afterAll(async () => {
  serve.child.kill('SIGTERM');
  await serve.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

const cli = (...args: string[]) => runCli(['--data-dir', dataDir, ...args]);
const lastWord = (text: string) => text.trim().split(/\s+/).pop()!;

// Each call starts a process (tsx compiling the CLI), seconds apiece on a busy 2-core machine.
describe('npm run cli, while the server runs on the same data dir', { timeout: 90_000 }, () => {
  it('adds a user, gives them a token, an organization and a membership', async () => {
    const user = await cli('user', 'add', '--email', 'ada@example.com', '--name', 'Ada Lovelace');
    expect(user.status).toBe(0);
    const userId = lastWord(user.stdout);

    const token = lastWord((await cli('token', 'create', '--email', 'ada@example.com')).stdout);
    const me = await raw(`${serve.url}/v1/user`, { token });
    expect(me.body).toMatchObject({ id: userId, displayName: 'Ada Lovelace', email: 'ada@example.com' });

    const org = await cli('org', 'add', '--title', 'Engineering', '--owner', 'ada@example.com');
    expect(org.status).toBe(0);
    const orgId = lastWord(org.stdout);
    const got = await raw(`${serve.url}/v1/orgs/${orgId}`, { token });
    expect(got.body).toMatchObject({ title: 'Engineering', permissions: { admin: true } });

    const ownerToken = readFileSync(join(dataDir, 'token'), 'utf8').trim();
    const ownerOrgs = await raw(`${serve.url}/v1/orgs`, { token: ownerToken });
    const ownerOrg = ownerOrgs.body.items[0].id;
    expect((await cli('member', 'add', '--org', ownerOrg, '--email', 'ada@example.com', '--role', 'guest')).status).toBe(0);
    const asGuest = await raw(`${serve.url}/v1/orgs/${ownerOrg}`, { token });
    expect(asGuest.body.permissions).toMatchObject({ view: true, listMembers: false });
    expect((await cli('member', 'add', '--org', ownerOrg, '--email', 'ada@example.com', '--role', 'edit')).status).toBe(0);
    const asEditor = await raw(`${serve.url}/v1/orgs/${ownerOrg}`, { token });
    expect(asEditor.body.permissions).toMatchObject({ listMembers: true, createContent: false });
  });

  it.each([
    [['user', 'add', '--email', 'not-an-email', '--name', 'X'], /--email/],
    [['user', 'add', '--email', 'x@example.com'], /--name is required/],
    [['token', 'create', '--email', 'nobody@example.com'], /no user/],
    [['org', 'add', '--title', 'x', '--owner', 'ada@example.com'], /--title/],
    [['member', 'add', '--org', 'nope', '--email', 'ada@example.com', '--role', 'edit'], /no organization/],
    [['member', 'add', '--org', 'nope', '--email', 'ada@example.com', '--role', 'owner'], /--role/],
    [['frobnicate'], /unknown command/],
    [['user', 'add', '--bogus'], /bogus/],
  ])('refuses %j with a one-line error and a non-zero exit', async (args, message) => {
    const result = await cli(...args);
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });
});
