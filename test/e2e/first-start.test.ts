import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTabs, screenshot, skipReason } from './chromium.js';
import { openApp, serveEngine, type ServedEngine } from './served-engine.js';

/**
 * Issue 15's first start in the browser build: a new data dir, as `npm run serve` makes it (the
 * welcome space, no names given), opened for the first time in Chromium.
 */
describe.skipIf(skipReason)('the first start of a new data dir in headless Chromium', () => {
  let served: ServedEngine;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    served = await serveEngine({}, { welcome: true });
    ({ browser, page, problems } = await openApp(served, ''));
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
  });

  it('asks the person their name and their organization, filled in with what first start chose', async () => {
    await page.getByRole('heading', { level: 1, name: 'Welcome to Folio' }).waitFor();
    expect(await page.getByLabel('Your name').inputValue()).toBeTruthy();
    expect(await page.getByLabel('Your organization').inputValue()).toMatch(/'s docs$/);
    expect(await page.locator('.sidebar').count()).toBe(0);
    await page.screenshot({ path: screenshot('first-start.png') });
  });

  it('names the organization after the person as they type, until they name it themselves', async () => {
    await page.getByLabel('Your name').fill('Ada Lovelace');
    expect(await page.getByLabel('Your organization').inputValue()).toBe("Ada Lovelace's docs");
  });

  it('says what is wrong with an answer beside its field, and loses nothing typed', async () => {
    await page.getByLabel('Your organization').fill('   ');
    await page.getByRole('button', { name: 'Start writing' }).click();
    await page.getByRole('alert').filter({ hasText: /characters/ }).waitFor();
    expect(await page.getByLabel('Your organization').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Your name').inputValue()).toBe('Ada Lovelace');
    // The refused answer is the one thing the console reports.
    expect(problems.splice(0)).toEqual([expect.stringMatching(/400/)]);
  });

  it('then opens the welcome space: the organization, its page tree and a page to read and write', async () => {
    await page.getByLabel('Your organization').fill('Analytical Engines');
    await page.getByRole('button', { name: 'Start writing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Folio' }).waitFor();
    await page.locator('.page-title').filter({ hasText: 'Getting started' }).waitFor();
    const tree = page.getByRole('navigation', { name: 'Pages' });
    for (const title of ['Getting started', 'Writing', 'Reviewing & merging', 'Sync']) await tree.getByRole('treeitem', { name: title }).first().waitFor();
    // The sidebar says where the person is.
    const where = page.getByRole('group', { name: 'Where you are' });
    expect(await where.locator('.where-org').textContent()).toBe('OrganizationAnalytical Engines');
    expect(await where.locator('[aria-current=page]').textContent()).toBe('SpaceWelcome to Folio');
    expect(await page.locator('.who strong').textContent()).toBe('Ada Lovelace');
    await page.getByRole('button', { name: 'New change request' }).waitFor();
    await page.screenshot({ path: screenshot('welcome-space.png') });
  });

  it('opens the only organization at once on the next visit, with its spaces', async () => {
    await page.goto(`${served.server.url}/#/`);
    await page.getByRole('heading', { level: 1, name: 'Analytical Engines' }).waitFor();
    await page.locator('.space-cards').getByRole('link', { name: /Welcome to Folio/ }).waitFor();
    expect(await page.locator('#orgs-title').count()).toBe(0);
    expect(await page.getByText('Can view').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('opens a change request from the welcome space, and the sidebar names it', async () => {
    await page.locator('.space-cards').getByRole('link', { name: /Welcome to Folio/ }).click();
    await page.getByRole('button', { name: 'New change request' }).click();
    await page.getByLabel('Subject', { exact: true }).fill('My first words');
    await page.getByLabel('Subject', { exact: true }).press('Enter');
    const where = page.getByRole('group', { name: 'Where you are' });
    await expect.poll(() => where.locator('[aria-current=page]').textContent()).toBe('Change request#1 My first words');
    expect(problems).toEqual([]);
  });
});
