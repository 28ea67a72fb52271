import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { markdownToPm, writeBody } from '../../src-shared/content/index.js';
import { changeRequestBranch, pageDoc } from '../../src-main/engine/revisions/doc-names.js';
import { CHROMIUM, CHROMIUM_ARGS, skipReason } from './chromium.js';
import { changeRequestPage, serveEngine, type ServedEngine } from './served-engine.js';

/**
 * The engine replaces a page's doc (a replica taking the hub's copy back after a refusal,
 * docs/sync.md "Refusals"): the open editor is closed with `CLOSE_DOC_REPLACED`, drops its copy
 * and the one in IndexedDB, and starts over from the engine's; what it held is not sent back.
 */
describe.skipIf(skipReason)('an editor whose doc the engine replaced', () => {
  let served: ServedEngine;
  let browser: Browser;
  let context: BrowserContext;
  let address: string;
  let space: string;
  let pageId: string;
  let docId: string;

  const bodyMarkdown = async () => (await served.api('GET', `/v1/spaces/${space}/change-requests/1/content/page/${pageId}?format=markdown`)).markdown as string;
  const editor = (page: Page) => page.getByRole('textbox', { name: /^Body of/ });
  const synced = (page: Page) => page.locator('.editor-tools [role=status][data-synced=true]').waitFor();

  beforeAll(async () => {
    served = await serveEngine();
    const opened = await changeRequestPage(served, { space: 'Handbook', subject: 'Edits', page: 'Onboarding' }, { markdown: 'Written first.\n' });
    ({ space, pageId, address } = opened);
    docId = pageDoc(space, changeRequestBranch(opened.changeRequestId), pageId);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    context = await browser.newContext();
  });

  afterAll(async () => {
    await browser?.close();
    await served?.stop();
  });

  it("shows the engine's new doc, keeps nothing of the old copy, and after a reload still nothing", async () => {
    const page = await context.newPage();
    page.setDefaultTimeout(5_000);
    await page.goto(address);
    await synced(page);
    await editor(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Typed before.');
    await expect.poll(bodyMarkdown).toContain('Typed before.');

    const hubCopy = new Y.Doc();
    const body = markdownToPm('The hub kept this.\n');
    if (!body.ok) throw new Error(body.error.kind);
    writeBody(hubCopy, body.value.body);
    expect(served.engine.docs.replaceWith(docId, Y.encodeStateAsUpdate(hubCopy), 'hub').ok).toBe(true);

    await expect.poll(() => editor(page).textContent()).toBe('The hub kept this.');
    await synced(page);
    expect(await bodyMarkdown()).toBe('The hub kept this.\n');

    await page.reload();
    await synced(page);
    expect(await editor(page).textContent()).toBe('The hub kept this.');
    expect(await bodyMarkdown()).toBe('The hub kept this.\n');
    await page.close();
  });
});
