import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { staticFiles } from '../../../../src-main/engine/transports/http/static-files.js';
import { TestServer } from '../../../support/server.js';

// A build as Vite writes it: index.html, and under assets/ files named by their content's hash.
const root = mkdtempSync(join(tmpdir(), 'folio-built-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), '<!doctype html><script src="/assets/index-a1b2c3.js"></script>');
writeFileSync(join(root, 'assets', 'index-a1b2c3.js'), 'console.log("first build")');
writeFileSync(join(root, 'favicon.svg'), '<svg/>');

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start({ serveStatic: staticFiles(root) });
});
afterAll(async () => {
  await t.stop();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${t.url}${path}`);

it('lets the browser keep files named by their hash for good, and asks again for the rest', async () => {
  const script = await get('/assets/index-a1b2c3.js');
  expect(script.status).toBe(200);
  expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(script.headers.get('content-type')).toMatch(/javascript/);
  expect(await script.text()).toBe('console.log("first build")');
  for (const path of ['/', '/index.html', '/app/orgs/some-org', '/favicon.svg', '/assets/gone-d4e5f6.js']) {
    const answer = await get(path);
    expect(answer.status, path).toBe(200);
    expect(answer.headers.get('cache-control'), path).toBe('no-cache');
  }
  // An unknown path, or one that climbs out of the build, is the app's page (its own routes load on reload).
  for (const path of ['/app/orgs/some-org', '/assets/gone-d4e5f6.js', '/%2e%2e/%2e%2e/etc/passwd']) {
    expect(await (await get(path)).text(), path).toContain('<!doctype html>');
  }
});

it('serves a new build’s page at the next load, and a hashed file as it first read it', async () => {
  writeFileSync(join(root, 'index.html'), '<!doctype html><script src="/assets/index-f9e8d7.js"></script>');
  writeFileSync(join(root, 'assets', 'index-f9e8d7.js'), 'console.log("second build")');
  // A file under a hash's name never changes: read once, it is not read from the disk again.
  writeFileSync(join(root, 'assets', 'index-a1b2c3.js'), 'not what that name holds');
  expect(await (await get('/')).text()).toContain('index-f9e8d7.js');
  expect(await (await get('/assets/index-f9e8d7.js')).text()).toBe('console.log("second build")');
  expect(await (await get('/assets/index-a1b2c3.js')).text()).toBe('console.log("first build")');
});
