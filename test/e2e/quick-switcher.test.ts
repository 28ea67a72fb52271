import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './axe.js';
import { closeTabs, skipReason } from './chromium.js';
import { openApp, serveEngine, type ServedEngine } from './served-engine.js';

/** Issue 15's quick switcher: Ctrl/Cmd-K opens empty with recent pages and commands; a heading found opens its section. */
describe.skipIf(skipReason)('the quick switcher', () => {
  let served: ServedEngine;
  let browser: Browser;
  let page: Page;
  let org: string;
  let space: string;
  let pageId: string;
  const dialog = () => page.getByRole('dialog', { name: 'Search' });
  const field = () => dialog().getByLabel('Search this organization');

  beforeAll(async () => {
    served = await serveEngine();
    org = (await served.api('GET', '/v1/orgs')).items[0].id;
    space = (await served.api('POST', `/v1/orgs/${org}/spaces`, { title: 'Operations' })).id;
    const changeRequest = (await served.api('POST', `/v1/spaces/${space}/change-requests`, { subject: 'Runbook' })).id;
    const filler = Array.from({ length: 60 }, (_, index) => `Paragraph ${index} of the opening, long enough to push the next section down.`).join('\n\n');
    const added = await served.api('POST', `/v1/spaces/${space}/change-requests/${changeRequest}/content?compat=false`, {
      changes: [{ operation: 'insert_page', title: 'Runbook', document: { markdown: `What to do when things break.\n\n## Opening\n\n${filler}\n\n## Failover drills\n\nSwitch the primary over every quarter.\n` } }],
    });
    pageId = added.changes[0].page.id;
    await served.api('POST', `/v1/spaces/${space}/change-requests/${changeRequest}/merge`);
    await served.api('POST', `/v1/spaces/${space}/change-requests`, { subject: 'Rotate the keys' });
    ({ browser, page } = await openApp(served, `#/orgs/${org}/spaces/${space}/pages/${pageId}`));
    await page.getByRole('heading', { name: 'Runbook' }).first().waitFor();
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
  });

  it('opens empty, with the pages opened lately and the commands', async () => {
    await page.keyboard.press('Control+k');
    await expect.poll(() => field().inputValue()).toBe('');
    await dialog().getByRole('region', { name: 'Recent pages' }).getByRole('link', { name: /Runbook/ }).waitFor();
    await dialog().getByRole('button', { name: 'New change request' }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await field().fill('some words');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await expect.poll(() => field().inputValue()).toBe('');
    await page.keyboard.press('Escape');
  });

  it('finds spaces and change requests by name', async () => {
    await page.keyboard.press('Control+k');
    await field().fill('rotate');
    await dialog().getByRole('link', { name: '#2 Rotate the keys' }).waitFor();
    await field().fill('operat');
    await dialog().getByRole('region', { name: 'Spaces' }).getByRole('link', { name: 'Operations' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('goes to the section of a heading it found', async () => {
    await page.goto(`${served.server.url}/?token=${encodeURIComponent(served.token)}#/orgs/${org}/spaces/${space}`);
    // The shortcut is the app's once it has drawn the space (a key pressed while the page loads has no one to hear it).
    await page.getByRole('heading', { name: 'Runbook' }).first().waitFor();
    await page.keyboard.press('Control+k');
    await field().fill('failover');
    await dialog().getByRole('link', { name: '§ Failover drills' }).click();
    const heading = page.getByRole('heading', { name: 'Failover drills' });
    await heading.waitFor();
    // Sixty paragraphs above it: in view only because the screen scrolled to it.
    await expect.poll(() => page.locator('main').evaluate((main) => main.scrollTop)).toBeGreaterThan(500);
    const top = (await heading.boundingBox())!.y;
    expect(top).toBeGreaterThan(0);
    expect(top).toBeLessThan(850);
  });

  it('runs New change request: the space screen opens its form', async () => {
    await page.keyboard.press('Control+k');
    await dialog().getByRole('button', { name: 'New change request' }).click();
    await page.getByLabel('Subject').waitFor();
  });
});
