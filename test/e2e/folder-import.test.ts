import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTabs, screenshot, skipReason } from './chromium.js';
import { openApp, ownerApi, serveEngine, type ServedEngine } from './served-engine.js';

/** Issue 17's "Import a folder": a folder chosen on this computer, and a zip, through the space screen. */
describe.skipIf(skipReason)('importing a folder from the space screen, in headless Chromium', () => {
  let served: ServedEngine;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let org: string;
  let folder: string;
  const api = () => ownerApi(served);

  beforeAll(async () => {
    served = await serveEngine();
    org = (await api()('GET', '/v1/orgs')).items[0].id;
    folder = mkdtempSync(join(tmpdir(), 'folio-folder-'));
    mkdirSync(join(folder, 'vault', 'Notes'), { recursive: true });
    writeFileSync(join(folder, 'vault', 'Home.md'), '# Home\n\nStart with [[Notes/Ideas]].\n');
    writeFileSync(join(folder, 'vault', 'Notes', 'Ideas.md'), '# Ideas\n\nA first idea.\n');
    ({ browser, page, problems } = await openApp(served, `#/orgs/${org}`));
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const openSpace = async (title: string) => {
    const space = await api()('POST', `/v1/orgs/${org}/spaces`, { title });
    await page.goto(`${served.server.url}/?token=${encodeURIComponent(served.token)}#/orgs/${org}/spaces/${space.id}`);
    await page.getByRole('heading', { name: 'Import a folder' }).waitFor();
    return space.id as string;
  };
  const titles = async (spaceId: string) => ((await api()('GET', `/v1/spaces/${spaceId}/content/pages`)).pages as { title: string }[]).map((p) => p.title);

  it('imports a folder chosen on this computer, and the pages appear in the tree', async () => {
    const spaceId = await openSpace('Vault');
    await page.getByLabel('Folder to import').setInputFiles(join(folder, 'vault'));
    await page.getByText(/^Import done/).waitFor({ timeout: 20_000 });
    expect((await titles(spaceId)).sort()).toEqual(['Home', 'Notes']);
    await page.getByRole('treeitem', { name: /Home/ }).first().waitFor();
    await page.getByText(/^Import done/).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshot('folder-import.png') });
  });

  it('imports a zip, and says in words why a zip that is not one fails', async () => {
    const spaceId = await openSpace('Zipped');
    const zip = zipSync({ 'docs/README.md': strToU8('# Welcome\n\nHello.\n'), 'docs/guide.md': strToU8('# Guide\n\nSteps.\n') });
    await page.getByLabel('Zip to import').setInputFiles({ name: 'docs.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    await page.getByText(/^Import done/).waitFor({ timeout: 20_000 });
    expect(await titles(spaceId)).toEqual(['Welcome', 'Guide']);
    await page.getByLabel('Zip to import').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') });
    await page.getByRole('alert').filter({ hasText: /Import failed while fetching the repository: not a zip Folio can read/ }).waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
  });
});
