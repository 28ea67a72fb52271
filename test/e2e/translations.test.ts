import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranslatorServer } from '../engine/api/translations/translator-server.js';
import { closeTabs, screenshot, sharedChromium, skipReason } from './chromium.js';
import { openTab, serveEngine, type ServedEngine } from './served-engine.js';

/** Issue 7's translations screen, against a translation service of the test's own on loopback. */
describe.skipIf(skipReason)('the translations screen in headless Chromium', () => {
  let translator: TranslatorServer;
  let served: ServedEngine;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let org: string;

  let space: string;
  const api = (method: string, path: string, body?: unknown) => served.api(method, path, body);

  /** Adds a page to the space's main content: written in a change request and merged through the API. */
  const addPage = async (pageTitle: string, markdown: string) => {
    const cr = (await api('POST', `/v1/spaces/${space}/change-requests`, { subject: pageTitle })).id as string;
    const changes = [{ operation: 'insert_page', title: pageTitle, document: { markdown } }];
    await api('POST', `/v1/spaces/${space}/change-requests/${cr}/content?compat=false`, { changes });
    await api('POST', `/v1/spaces/${space}/change-requests/${cr}/merge`);
  };

  beforeAll(async () => {
    translator = await TranslatorServer.start();
    served = await serveEngine({ translator: { kind: 'libretranslate', url: translator.url, timeoutMs: 2_000 } });
    org = (await api('GET', '/v1/orgs')).items[0].id;
    space = (await api('POST', `/v1/orgs/${org}/spaces`, { title: 'Handbook' })).id as string;
    await addPage('Welcome aboard', 'Badges are handed out at the `front-desk`.');
    browser = await sharedChromium();
    ({ page, problems } = await openTab(browser, `${served.server.url}/?token=${encodeURIComponent(served.token)}#/orgs/${org}`));
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
    await translator?.stop();
  });

  const row = (name: string) => page.getByRole('listitem', { name });
  const french = () => row('Handbook: English → French');

  it('creates a translation of a space, sees it translating, then translated with its stats', async () => {
    await page.getByRole('navigation', { name: 'Collections and spaces' }).getByRole('link', { name: 'Translations' }).click();
    await page.getByText('No translations yet. Create one from a space.').waitFor();
    await page.getByLabel('Space to translate').selectOption({ label: 'Handbook' });
    await page.getByLabel('Translate into').selectOption('fr');
    const release = translator.hold();
    await page.getByRole('button', { name: 'Create and run' }).click();
    await french().getByRole('status').filter({ hasText: 'Translating…' }).waitFor();
    release();
    await french().getByRole('status').filter({ hasText: 'Translated' }).waitFor();
    await french().getByText('1 run · latest run: 1 page').waitFor();
    await page.getByRole('navigation', { name: 'Collections and spaces' }).getByText('Handbook (fr)').waitFor();
    await page.screenshot({ path: screenshot('translations.png') });
  });

  it('a translator outage shows the failed run and its message; the next run recovers', async () => {
    await addPage('Parking', 'Spaces are on level two.');
    translator.mode = 'down';
    await french().getByRole('button', { name: 'Run again' }).click();
    await french().getByRole('status').filter({ hasText: 'Failed' }).waitFor();
    await french().getByText(/answered 503: service unavailable \(TRANSLATOR_UNAVAILABLE\)/).waitFor();
    translator.mode = 'translate';
    await french().getByRole('button', { name: 'Run again' }).click();
    await french().getByText('3 runs · latest run: 1 page').waitFor();
    await french().getByRole('status').filter({ hasText: 'Translated' }).waitFor();
  });

  it('opens the translated space, whose page is in French and whose code is untouched', async () => {
    await french().getByRole('link', { name: 'Open the translated space' }).click();
    await page.getByRole('heading', { level: 1, name: 'Handbook (fr)' }).waitFor();
    await page.getByRole('treeitem', { name: 'FR:WELCOME ABOARD' }).first().click();
    await page.getByText('FR:BADGES ARE HANDED OUT AT THE').waitFor();
    await page.locator('code', { hasText: 'front-desk' }).waitFor();
    expect(problems).toEqual([]);
  });
});
