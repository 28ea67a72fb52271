import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../src-main/engine/app/http/server.js';
import { closeTabs, screenshot, sharedChromium, skipReason } from './chromium.js';
import { openTab, serveEngine, type ServedEngine } from './served-engine.js';

/** Issue 4's day: a writer opens a change request, writes, comments; a reviewer merges; main shows it. */
describe.skipIf(skipReason)('the writer and the reviewer in headless Chromium', () => {
  let served: ServedEngine;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let org: string;
  let space: string;

  const api = async (method: string, path: string, body?: unknown) => {
    const answer = await served.engine.request({ method, path, headers: { authorization: `Bearer ${served.token}` }, body });
    expect(answer.status).toBeLessThan(300);
    return answer.body as Record<string, any>;
  };
  const editor = () => page.getByRole('textbox', { name: /^Body of/ });
  const linkState = () => page.locator('.editor-tools [role=status]');
  const savedAndSynced = () => page.locator('.editor-tools [role=status][data-synced=true]').waitFor();

  beforeAll(async () => {
    served = await serveEngine();
    org = (await api('GET', '/v1/orgs')).items[0].id;
    space = (await api('POST', `/v1/orgs/${org}/spaces`, { title: 'Handbook' })).id;
    browser = await sharedChromium();
    ({ page, problems } = await openTab(browser, `${served.server.url}/?token=${encodeURIComponent(served.token)}#/orgs/${org}/spaces/${space}`));
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
  });

  it('opens a change request and adds a page to it', async () => {
    await page.getByText('No pages yet: open a change request to write the first one.').waitFor();
    await page.getByRole('button', { name: 'New change request' }).click();
    await page.getByLabel('Subject').fill('Write the install guide');
    await page.getByLabel('Subject').press('Enter');
    await page.getByRole('heading', { level: 1, name: '#1 Write the install guide' }).waitFor();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'New page' }).click();
    await page.getByLabel('Page title').fill('Install');
    await page.getByLabel('Page title').press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Install' }).waitFor();
    await savedAndSynced();
  });

  it('types into the page, and finds the text kept after a reload', async () => {
    await editor().click();
    await page.keyboard.type('Run npm start.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Then open the address it prints.');
    await savedAndSynced();
    await expect.poll(() => bodyMarkdown()).toContain('Then open the address it prints.');
    await page.reload();
    await expect.poll(() => editor().textContent()).toContain('Run npm start.Then open the address it prints.');
    await page.screenshot({ path: screenshot('editor.png') });
  });

  it('shows the changes against main and comments on them', async () => {
    await page.getByRole('button', { name: 'Show changes' }).click();
    const changes = page.getByRole('region', { name: 'Changes against main' });
    await changes.getByText('Added').first().waitFor();
    expect(await changes.locator('.block-diff ins').allTextContents()).toEqual(['Run npm start.', 'Then open the address it prints.']);
    const comments = page.getByRole('complementary', { name: 'Comments' });
    await editor().getByText('Run npm start.').click();
    await page.getByRole('button', { name: 'Comment on this block' }).click();
    await comments.getByLabel('Comment on “Run npm start.”').fill('Say which folder to run it in.');
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    const thread = comments.locator('.thread', { hasText: 'Say which folder to run it in.' });
    await thread.getByText('On a block of a page').waitFor();
    await comments.getByLabel('New comment').fill('Looks right; merging.');
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    await comments.getByText('Looks right; merging.').waitFor();
    // The thread is drawn as soon as it is sent; the engine's list has it once the post is answered.
    const threads = async () => (await api('GET', `/v1/spaces/${space}/change-requests/1/comments`)).items as { target: { node?: { id: string } } }[];
    await expect.poll(async () => (await threads()).map((comment) => Boolean(comment.target.node)).sort()).toEqual([false, true]);
  });

  it('merges, and main shows the page', async () => {
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByRole('button', { name: 'Merge into main' }).click();
    await page.getByText('Merged into main.').waitFor();
    await page.locator('.badge.status-merged').waitFor();
    await page.getByRole('link', { name: '← Handbook' }).click();
    const content = page.getByRole('region', { name: 'Content' });
    await content.getByRole('heading', { level: 2, name: 'Install' }).waitFor();
    await content.getByText('Then open the address it prints.').waitFor();
    await page.screenshot({ path: screenshot('space-page.png') });
  });

  it('keeps an edit made while the engine is away, and saves it when the engine is back', async () => {
    await page.getByRole('button', { name: 'New change request' }).click();
    await page.getByLabel('Subject').fill('Offline edit');
    await page.getByLabel('Subject').press('Enter');
    await page.getByRole('treeitem', { name: 'Install' }).click();
    await savedAndSynced();
    const port = served.server.port;
    await served.server.close();
    await expect.poll(() => linkState().textContent()).toMatch(/^Offline/);
    await editor().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Written offline.');
    served.server = await listen(served.engine, port);
    await savedAndSynced();
    await expect.poll(() => bodyMarkdown(2)).toContain('Written offline.');
    // While the engine is away its connections are refused, or reset when one was open as it closed.
    expect(problems.filter((problem) => !/WebSocket|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET/.test(problem))).toEqual([]);
  });

  async function bodyMarkdown(number = 1): Promise<string> {
    const pages = await api('GET', `/v1/spaces/${space}/change-requests/${number}/content/pages`);
    const install = pages.pages.find((candidate: { title: string }) => candidate.title === 'Install');
    if (!install) return '';
    const read = await api('GET', `/v1/spaces/${space}/change-requests/${number}/content/page/${install.id}?format=markdown`);
    return read.markdown as string;
  }
});
