import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/chromium.js';
import { markdownPage, publishedSite, spaceWithPages } from '../engine/services/publishing/site-fixture.js';
import { runCli } from '../support/processes.js';
import { TestServer } from '../support/server.js';

let t: TestServer;
let out: string;
let siteId: string;
beforeAll(async () => {
  t = await TestServer.start();
  out = mkdtempSync(join(tmpdir(), 'folio-export-'));
  const { spaceId } = await spaceWithPages(t, 'Guide', [
    () => [{ operation: 'insert_files', files: [{ name: 'release notes.txt', contentType: 'text/plain', base64: Buffer.from('Version 1').toString('base64') }] }],
    (_ids, files) => [
      markdownPage('Welcome', `---\ndescription: The guide\n---\nWelcome aboard.\n\n{% file src="${files['release notes.txt']}" %}Notes{% endfile %}`),
      markdownPage('Install', '## Steps\n\nRun the installer.'),
    ],
    (ids) => [markdownPage('Linux', '## Packages\n\nUse your package manager.', { into: ids[1] })],
  ]);
  siteId = (await publishedSite(t, [spaceId], 'public', 'Offline handbook')).id;
});
afterAll(async () => {
  await t.stop();
  rmSync(out, { recursive: true, force: true });
});

const exportTo = (folder: string, site = siteId) => runCli(['--data-dir', t.dataDir, 'site', 'export', '--site', site, '--out', folder]);

describe('npm run cli -- site export', () => {
  it('writes every page as index.html in its folder, the assets, the files and the search index', async () => {
    const run = await exportTo(out);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(`exported 3 pages and 4 files: ${out}/index.html`);
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    expect(home).toContain('<title>Welcome · Offline handbook</title>');
    expect(home).toContain('<a href="install/index.html">Install</a>');
    expect(home).toMatch(/<a href="~files\/\w+\/\w+\/release-notes\.txt" download>release notes\.txt<\/a>/);
    const file = /href="(~files\/[^"]+)"/.exec(home)![1]!;
    expect(readFileSync(join(out, file), 'utf8')).toBe('Version 1');
    const linux = readFileSync(join(out, 'install', 'linux', 'index.html'), 'utf8');
    expect(linux).toContain('<a href="../../index.html">Welcome</a>');
    expect(linux).toContain('<link rel="stylesheet" href="../../~assets/site.css">');
    for (const asset of ['site.css', 'search.js', 'search-index.js']) expect(existsSync(join(out, '~assets', asset))).toBe(true);
  });

  it('refuses a site that is not published, or not there, in one line', { timeout: 60_000 }, async () => {
    // In process rather than over HTTP: the CLI's seconds outlast a kept-alive connection's idle time.
    const publication = (action: 'publish' | 'unpublish') =>
      t.engine.request({ method: 'POST', path: `/v1/orgs/${t.organizationId}/sites/${siteId}/${action}`, headers: { authorization: `Bearer ${t.owner.token}` } });
    expect((await publication('unpublish')).status).toBe(200);
    const unpublished = await exportTo(join(out, 'nothing'));
    expect((await publication('publish')).status).toBe(200);
    expect(unpublished.status).not.toBe(0);
    expect(unpublished.stderr.trim()).toBe(`folio: site export: no published site with id ${siteId} (publish it first)`);
    expect(existsSync(join(out, 'nothing'))).toBe(false);
    expect((await exportTo(out, 'unknownsite')).status).not.toBe(0);
    expect((await exportTo('')).status).toBe(2);
  });
});

const noChromium = existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (apt-get install chromium)`;

describe.skipIf(noChromium)(`the export opened from disk in headless Chromium${noChromium ? ` — skipped: ${noChromium}` : ''}`, () => {
  let browser: Browser;
  beforeAll(async () => {
    expect((await exportTo(out)).status).toBe(0);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(() => browser?.close());

  it('follows the navigation and finds a page with the search box', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(pathToFileURL(join(out, 'index.html')).href);
    expect(await page.locator('h1').textContent()).toBe('Welcome');

    await page.locator('nav.pages').getByRole('link', { name: 'Install' }).click();
    await page.waitForURL(/\/install\/index\.html$/);
    expect(await page.locator('h1').textContent()).toBe('Install');
    expect(await page.locator('article').textContent()).toContain('Run the installer.');

    await page.getByRole('searchbox', { name: 'Search' }).fill('package manager');
    const result = page.locator('.search .results a');
    await expect.poll(() => result.allTextContents()).toEqual(['Linux › Packages']);
    await result.click();
    await page.waitForURL(/\/install\/linux\/index\.html#/);
    expect(await page.locator('h1').textContent()).toBe('Linux');

    await page.locator('a.site-title').click();
    await page.waitForURL(/\/index\.html$/);
    expect(await page.locator('h1').textContent()).toBe('Welcome');
    expect(problems).toEqual([]);
  });
});
