import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listen } from '../../src-main/engine/app/http/server.js';
import { skipReason } from './chromium.js';
import { editorBody, editorSuite, editorSynced } from './served-engine.js';

/**
 * Offline persistence: an edit made while the engine is stopped is kept in the browser's
 * IndexedDB, survives the tab being closed, and reaches the engine when the page is opened
 * again after the engine is back.
 */
describe.skipIf(skipReason)('an edit made offline, in a tab closed before the engine came back', () => {
  const suite = editorSuite({ space: 'Field notes', subject: 'Notes from the train', page: 'Train' }, {});
  const { bodyMarkdown } = suite;
  const status = (page: Page) => page.locator('.editor-tools [role=status]');

  it('keeps the edit on the device, then syncs it', async () => {
    const first = await suite.open();
    await editorSynced(first);
    expect(await status(first).textContent()).toBe('Synced with the engine');
    await editorBody(first).click();
    await first.keyboard.type('Typed online.');
    await expect.poll(bodyMarkdown).toContain('Typed online.');

    const served = suite.served();
    const port = served.server.port;
    await served.server.close();
    await expect.poll(() => status(first).textContent()).toMatch(/^Offline/);
    await editorBody(first).click();
    await first.keyboard.press('Control+End');
    await first.keyboard.press('Enter');
    await first.keyboard.type('Typed with the engine stopped.');
    await first.locator('.editor-tools [role=status][data-stored=true]').waitFor();
    expect(await status(first).textContent()).toBe('Offline: saved on this device, synced when the engine is back');
    await first.close();
    expect(await bodyMarkdown()).not.toContain('Typed with the engine stopped.');

    served.server = await listen(served.engine, port);
    const second = await suite.open();
    await editorSynced(second);
    await expect.poll(() => editorBody(second).textContent()).toContain('Typed with the engine stopped.');
    await expect.poll(bodyMarkdown).toContain('Typed with the engine stopped.');
    expect(await bodyMarkdown()).toContain('Typed online.');
    await second.close();
  });
});
