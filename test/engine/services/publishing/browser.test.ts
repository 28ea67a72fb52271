import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../e2e/chromium.js';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { solidPng } from '../pdf/png.js';
import { markdownPage, publishedSite, spaceWithPages } from './site-fixture.js';

const noChromium = existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (apt-get install chromium)`;

describe.skipIf(noChromium)(`a published site in headless Chromium${noChromium ? ` — skipped: ${noChromium}` : ''}`, () => {
  let t: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    t = await TestServer.start();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await t.stop();
  });

  async function open(url: string): Promise<{ page: Page; problems: string[] }> {
    const page = await (await browser.newContext()).newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(url);
    return { page, problems };
  }

  it('follows the navigation, shows what a change request merged just before, and leaves the hidden site space out', async () => {
    const png = Buffer.from(solidPng(8, 8)).toString('base64');
    const handbook = await spaceWithPages(t, 'Handbook', [
      () => [{ operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: png }] }],
      (_ids, files, downloadURL) => [
        markdownPage('Welcome', `Welcome to the handbook.\n\n![Our logo](${downloadURL(files['logo.png']!)} "The logo")`),
        markdownPage('Setup', 'Run setup.'),
      ],
    ]);
    const reference = await spaceWithPages(t, 'Reference', [() => [markdownPage('Commands', 'Every command.')]]);
    const drafts = await spaceWithPages(t, 'Drafts', [() => [markdownPage('Ideas', 'Not ready.')]]);
    const site = await publishedSite(t, [handbook.spaceId, reference.spaceId, drafts.spaceId]);
    const params = { organizationId: t.organizationId, siteId: site.id };
    const draftsSiteSpace = ok(await t.owner.client.call('listSiteSpaces', { params, query: {} })).items.find((item) => item.space.id === drafts.spaceId)!;
    ok(await t.owner.client.call('updateSiteSpaceById', { params: { ...params, siteSpaceId: draftsSiteSpace.id }, body: { hidden: true } }));

    const { page, problems } = await open(site.urls.published!);
    expect(await page.locator('h1').textContent()).toBe('Welcome');
    expect(await page.locator('nav.variants a').allTextContents()).toEqual(['Handbook', 'Reference']);
    expect(await page.locator('figure img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(8);

    await page.locator('nav.pages').getByRole('link', { name: 'Setup' }).click();
    await page.waitForURL(`${site.urls.published}setup/`);
    expect(await page.locator('article').textContent()).toContain('Run setup.');

    await page.locator('nav.variants').getByRole('link', { name: 'Reference' }).click();
    await page.waitForURL(/\/reference\/$/);
    expect(await page.locator('article').textContent()).toContain('Every command.');

    const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId: handbook.spaceId }, body: { subject: 'Faster setup' } }));
    const target = { spaceId: handbook.spaceId, changeRequestId: cr.id };
    ok(await t.owner.client.call('updateChangeRequestContent', { params: target, query: {}, body: { changes: [{ operation: 'update_page', page: handbook.pageIds[1]!, document: { markdown: 'Run setup --fast.' } }] } }));
    ok(await t.owner.client.call('mergeChangeRequest', { params: target }));
    await page.goto(`${site.urls.published}setup/`);
    expect(await page.locator('article').textContent()).toContain('Run setup --fast.');
    expect(await page.content()).not.toContain('Drafts');
    expect(problems).toEqual([]);
  });
});
