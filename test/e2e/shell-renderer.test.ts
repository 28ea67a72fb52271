import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootstrapIfEmpty } from '../../src-main/engine/admin/bootstrap.js';
import { Engine } from '../../src-main/engine/engine.js';
import { serveRenderer } from '../../src-main/electron/app-protocol.js';
import { AppOrigin } from '../../src-main/electron/app-origin.js';
import { REQUEST_CHANNEL } from '../../src-main/electron/channel.js';
import { registerRequestHandler } from '../../src-main/electron/ipc.js';
import { readOwnerToken } from '../../src-main/electron/owner-token.js';
import { ipcHandlers, protocolHandlers } from '../electron/fake-electron.js';
import { CHROMIUM, CHROMIUM_ARGS, RENDERER, skipReason } from './chromium.js';

vi.mock('electron', () => import('../electron/fake-electron.js'));

// Chromium cannot load app:// without Electron, so a stand-in host is routed to the shell's
// own protocol handler, and window.folio is wired to the shell's own IPC handler: the page
// then runs as in the desktop app, under the shell's CSP.
const STAND_IN = 'http://folio.test';

describe.skipIf(skipReason)('the renderer as the Electron shell serves it', () => {
  let dataDir: string;
  let engine: Engine;
  let browser: Browser;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-shell-'));
    engine = new Engine({ dataDir });
    bootstrapIfEmpty(engine);
    registerRequestHandler({ engine, token: readOwnerToken(dataDir), origin: new AppOrigin() });
    serveRenderer(RENDERER);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    engine?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the owner’s organizations through IPC with no token and no network', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    const serveApp = protocolHandlers.get('app') as (request: { url: string }) => Response;
    await page.route(`${STAND_IN}/**`, async (route) => {
      const response = serveApp({ url: `app://folio${new URL(route.request().url()).pathname}` });
      await route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    });
    const ipc = ipcHandlers.get(REQUEST_CHANNEL)!;
    await page.exposeFunction('folioIpc', (payload: unknown) =>
      ipc({ senderFrame: { url: 'app://folio/index.html', parent: null } }, payload),
    );
    await page.addInitScript(() => {
      const call = (window as unknown as { folioIpc(payload: unknown): Promise<unknown> }).folioIpc;
      Object.defineProperty(window, 'folio', { value: { request: (payload: unknown) => call(payload) } });
    });

    await page.goto(`${STAND_IN}/index.html`);
    await expect.poll(() => page.locator('.org h2').allTextContents()).toHaveLength(1);
    expect(await page.getByLabel('Access token').count()).toBe(0);
    expect(await page.locator('.who strong').textContent()).toBeTruthy();
    expect(problems).toEqual([]);
  });
});
