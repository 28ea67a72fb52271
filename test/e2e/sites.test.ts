import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTabs, screenshot, sharedChromium, skipReason } from './chromium.js';
import { openTab, serveEngine, type ServedEngine } from './served-engine.js';

/** Issue 6's screen: a site made from a space whose page was merged just before, published and previewed. */
describe.skipIf(skipReason)('the sites screen in headless Chromium', () => {
  let served: ServedEngine;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let org: string;

  const api = async (method: string, path: string, body?: unknown) => {
    const answer = await served.engine.request({ method, path, headers: { authorization: `Bearer ${served.token}` }, body });
    expect(answer.status).toBeLessThan(300);
    return answer.body as Record<string, any>;
  };

  /** A space whose main holds one page, written in a change request and merged through the API. */
  const spaceWithPage = async (title: string, pageTitle: string, markdown: string) => {
    const space = (await api('POST', `/v1/orgs/${org}/spaces`, { title })).id as string;
    const number = (await api('POST', `/v1/spaces/${space}/change-requests`, { subject: 'First page' })).id as string;
    const changes = [{ operation: 'insert_page', title: pageTitle, document: { markdown } }];
    await api('POST', `/v1/spaces/${space}/change-requests/${number}/content?compat=false`, { changes });
    await api('POST', `/v1/spaces/${space}/change-requests/${number}/merge`);
    return space;
  };

  beforeAll(async () => {
    served = await serveEngine();
    org = (await api('GET', '/v1/orgs')).items[0].id;
    await spaceWithPage('Handbook', 'Welcome aboard', 'Badges are handed out at the front desk.');
    await spaceWithPage('API guide', 'Tokens', 'Every call carries a bearer token.');
    browser = await sharedChromium();
    ({ page, problems } = await openTab(browser, `${served.server.url}/?token=${encodeURIComponent(served.token)}#/orgs/${org}`));
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
  });

  const siteSpace = (title: string) => page.locator('[data-kind=site-space]', { hasText: title });

  it('opens the sites from the sidebar and creates a site from a space', async () => {
    await page.getByRole('navigation', { name: 'Collections and spaces' }).getByRole('link', { name: 'Sites' }).click();
    await page.getByText('No sites yet. Create one from your spaces.').waitFor();
    await page.getByLabel('Site title').fill('Company docs');
    await page.getByRole('checkbox', { name: 'Handbook' }).check();
    await page.getByRole('button', { name: 'Create site' }).click();
    await page.getByRole('heading', { level: 1, name: 'Company docs' }).waitFor();
    await siteSpace('Handbook').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Not published' }).count()).toBe(1);
  });

  it('adds a second space, arranges it first from the keyboard, hides and shows it', async () => {
    await page.getByLabel('Space', { exact: true }).selectOption({ label: 'API guide' });
    await page.getByRole('button', { name: 'Add space' }).click();
    await siteSpace('API guide').waitFor();
    await page.getByRole('button', { name: 'Move API guide up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-kind=site-space] strong').allTextContents()).toEqual(['API guide', 'Handbook']);
    await page.getByRole('button', { name: 'Hide API guide' }).click();
    await siteSpace('Hidden from navigation').waitFor();
    await page.getByRole('button', { name: 'Show API guide' }).click();
    await page.getByRole('button', { name: 'Hide API guide' }).waitFor();
  });

  it('makes the site a share-link one, publishes, and the preview (key included) shows the merged page', async () => {
    await page.getByLabel('Visibility').selectOption({ label: 'Unlisted' });
    await expect.poll(() => page.getByLabel('Visibility').inputValue()).toBe('unlisted');
    await page.getByLabel('Visibility').selectOption({ label: 'Share link' });
    await page.getByText('the preview carries the key').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: /^Published$/ }).waitFor();
    const preview = page.getByRole('link', { name: 'Open preview' });
    expect(await preview.getAttribute('href')).toMatch(/\/sites\/[^/]+\/\?shareKey=.+$/);
    await page.screenshot({ path: screenshot('sites.png') });

    const [reader] = await Promise.all([page.context().waitForEvent('page'), preview.click()]);
    await reader.waitForLoadState();
    await reader.getByRole('link', { name: 'Handbook' }).first().click();
    await reader.getByText('Badges are handed out at the front desk.').waitFor();
    await reader.close();
  });

  it('unpublishes the site and lists it on the sites screen', async () => {
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('status').filter({ hasText: 'Not published' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open preview' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Sites', exact: true }).first().click();
    await page.getByRole('list', { name: 'Sites' }).getByText('Company docs').waitFor();
  });

  it('arranges the site in sections and a group: create, rename, move, take out, delete', async () => {
    await page.getByRole('list', { name: 'Sites' }).getByRole('link', { name: 'Company docs' }).click();
    await page.getByLabel('Space', { exact: true }).selectOption({ label: 'API guide' });
    await page.getByRole('button', { name: 'New section with this space' }).click();
    // The first section gathers the root's site spaces, titled after the default one's space.
    const sections = () => page.locator('[data-kind=site-section] > strong').allTextContents();
    await expect.poll(sections).toEqual(['Handbook', 'API guide']);
    await page.getByRole('button', { name: 'Rename section API guide' }).click();
    await page.getByLabel('Section title').fill('People');
    await page.getByLabel('Section title').press('Enter');
    await expect.poll(sections).toEqual(['Handbook', 'People']);
    await page.getByRole('button', { name: 'Move section People up' }).press('Enter');
    await expect.poll(sections).toEqual(['People', 'Handbook']);

    await page.getByRole('button', { name: 'New section group' }).click();
    await page.getByLabel('Group title').fill('Guides');
    await page.getByLabel('First section').selectOption({ label: 'Handbook' });
    await page.getByRole('button', { name: 'Create group' }).click();
    const group = page.locator('[data-kind=site-section-group]');
    await expect.poll(() => group.locator('[data-kind=site-section] > strong').allTextContents()).toEqual(['Handbook']);
    await page.getByRole('button', { name: 'Rename group Guides' }).click();
    await page.getByLabel('Group title').fill('Handbooks');
    await page.getByLabel('Group title').press('Enter');
    await group.locator('> strong', { hasText: 'Handbooks' }).waitFor();
    await page.getByLabel('Group for People').selectOption({ label: 'Handbooks' });
    await page.getByRole('button', { name: 'Put People in the group' }).click();
    await expect.poll(() => group.locator('[data-kind=site-section] > strong').allTextContents()).toEqual(['Handbook', 'People']);
    await page.getByRole('button', { name: 'Take Handbook out of the group' }).click();
    await expect.poll(sections).toEqual(['People', 'Handbook']);
    await page.getByRole('button', { name: 'Take People out of the group' }).click();
    // A group left with nothing is not part of the structure readers get, so it leaves the screen too.
    await expect.poll(() => group.count()).toBe(0);
    await expect.poll(sections).toEqual(['Handbook', 'People']);

    await page.getByRole('button', { name: 'New section group' }).click();
    await page.getByLabel('Group title').fill('Teams');
    await page.getByLabel('First section').selectOption({ label: 'People' });
    await page.getByRole('button', { name: 'Create group' }).click();
    await group.locator('> strong', { hasText: 'Teams' }).waitFor();
    await page.getByRole('button', { name: 'Delete group Teams' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    // What a deleted group held moves up to the root, at its end.
    await expect.poll(() => group.count()).toBe(0);
    await expect.poll(sections).toEqual(['Handbook', 'People']);

    await page.getByRole('button', { name: 'Delete section People' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(sections).toEqual(['Handbook']);
    expect(problems).toEqual([]);
  });
});
