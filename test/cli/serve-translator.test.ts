import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe } from '../support/processes.js';
import { raw } from '../support/server.js';
import { TranslatorServer } from '../engine/api/translations/translator-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'folio-serve-translator-'));
let translator: TranslatorServer;
beforeAll(async () => {
  translator = await TranslatorServer.start();
});
afterAll(async () => {
  await translator.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run serve with a translator', { timeout: 90_000 }, () => {
  it('--translator libretranslate --translator-url: runs call that service', async () => {
    const serve = await startServe(['--data-dir', dataDir, '--port', '0', '--translator', 'libretranslate', '--translator-url', translator.url]);
    try {
      const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
      const organizationId = (await raw(`${serve.url}/v1/orgs`, { token })).body.items[0].id;
      const space = await raw(`${serve.url}/v1/orgs/${organizationId}/spaces`, { method: 'POST', token, body: JSON.stringify({ title: 'Empty' }) });
      const base = `${serve.url}/v1/orgs/${organizationId}/translations`;
      const created = await raw(base, { method: 'POST', token, body: JSON.stringify({ language: 'fr', source: { space: space.body.id, language: 'en' } }) });
      let translation = created.body;
      for (let attempt = 0; attempt < 500 && translation.status !== 'completed'; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        translation = (await raw(`${base}/${created.body.id}`, { token })).body;
      }
      expect(translation).toMatchObject({ status: 'completed', result: { space: expect.any(String) } });
      expect(translation.lastRunError).toBeUndefined();
    } finally {
      serve.child.kill('SIGTERM');
      await serve.exited;
    }
  });

  it('refuses an unknown translator with a one-line error', async () => {
    await expect(startServe(['--data-dir', dataDir, '--port', '0', '--translator', 'deepl', '--translator-url', translator.url])).rejects.toThrow(/--translator: must be/);
  });
});
