import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../src-main/engine/http/server.js';
import { CHROMIUM, CHROMIUM_ARGS, skipReason } from './chromium.js';
import { changeRequestPage, serveEngine, type ServedEngine } from './served-engine.js';

/**
 * Offline persistence: an edit made while the engine is stopped is kept in the browser's
 * IndexedDB, survives the tab being closed, and reaches the engine when the page is opened
 * again after the engine is back.
 */
describe.skipIf(skipReason)('an edit made offline, in a tab closed before the engine came back', () => {
  let served: ServedEngine;
  let browser: Browser;
  let context: BrowserContext;
  let address: string;
  let space: string;
  let pageId: string;

  const api = async (method: string, path: string, body?: unknown) => {
    const answer = await served.engine.request({ method, path, headers: { authorization: `Bearer ${served.token}` }, body });
    expect(answer.status).toBeLessThan(300);
    return answer.body as Record<string, any>;
  };
  const bodyMarkdown = async () =>
    (await api('GET', `/v1/spaces/${space}/change-requests/1/content/page/${pageId}?format=markdown`)).markdown as string;

  async function openEditor(): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(5_000);
    await page.goto(address);
    return page;
  }
  const status = (page: Page) => page.locator('.editor-tools [role=status]');
  const editor = (page: Page) => page.getByRole('textbox', { name: /^Body of/ });

  beforeAll(async () => {
    served = await serveEngine();
    ({ space, pageId, address } = await changeRequestPage(served, { space: 'Field notes', subject: 'Notes from the train', page: 'Train' }, {}));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    // One profile for both visits: IndexedDB is kept per browser context.
    context = await browser.newContext();
  });

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it('keeps the edit on the device, then syncs it', async () => {
    const first = await openEditor();
    await first.locator('.editor-tools [role=status][data-synced=true]').waitFor();
    expect(await status(first).textContent()).toBe('Synced with the engine');
    await editor(first).click();
    await first.keyboard.type('Typed online.');
    await expect.poll(bodyMarkdown).toContain('Typed online.');

    const port = served.server.port;
    await served.server.close();
    await expect.poll(() => status(first).textContent()).toMatch(/^Offline/);
    await editor(first).click();
    await first.keyboard.press('Control+End');
    await first.keyboard.press('Enter');
    await first.keyboard.type('Typed with the engine stopped.');
    await first.locator('.editor-tools [role=status][data-stored=true]').waitFor();
    expect(await status(first).textContent()).toBe('Offline: saved on this device, synced when the engine is back');
    await first.close();
    expect(await bodyMarkdown()).not.toContain('Typed with the engine stopped.');

    served.server = await listen(served.engine, port);
    const second = await openEditor();
    await second.locator('.editor-tools [role=status][data-synced=true]').waitFor();
    await expect.poll(() => editor(second).textContent()).toContain('Typed with the engine stopped.');
    await expect.poll(bodyMarkdown).toContain('Typed with the engine stopped.');
    expect(await bodyMarkdown()).toContain('Typed online.');
    await second.close();
  });
});
