import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocChannel } from '../../src-shared/client/bridge.js';
import { bootstrapIfEmpty } from '../../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../../src-main/engine/app/engine.js';
import { serveRenderer } from '../../src-main/electron/app-protocol.js';
import { AppOrigin } from '../../src-main/electron/app-origin.js';
import { DOC_CHANNEL, REQUEST_CHANNEL, SETTINGS_CHANNEL } from '../../src-main/electron/channel.js';
import { docOpener } from '../../src-main/electron/doc-opener.js';
import { registerDocPorts } from '../../src-main/electron/doc-ports.js';
import { registerRequestHandler } from '../../src-main/electron/ipc.js';
import { readOwnerToken } from '../../src-main/electron/owner-token.js';
import { registerSettingsHandler } from '../../src-main/electron/settings.js';
import { ipcHandlers, ipcListeners, protocolHandlers } from '../electron/fake-electron.js';
import { CHROMIUM, CHROMIUM_ARGS, RENDERER, screenshot, skipReason } from './chromium.js';
import { referenceAnswers } from '../support/conformance/recorder.js';

vi.mock('electron', () => import('../electron/fake-electron.js'));

// Chromium cannot load app:// without Electron, so a stand-in host is routed to the shell's
// own protocol handler, and window.folio is wired to the shell's own IPC handlers and to the
// preload's doc opener (whose ports carry bytes to the main process's doc ports): the page then
// runs as in the desktop app, under the shell's CSP.
const STAND_IN = 'http://folio.test';
const API_ADDRESS = 'http://127.0.0.1:45999';

type Listener = (...args: any[]) => any;

interface StandIn {
  folioIpc(payload: unknown): Promise<unknown>;
  folioSettings(): Promise<unknown>;
  folioOpenDoc(id: number, docName: string): Promise<void>;
  folioDocSend(id: number, bytes: number[]): Promise<void>;
  folioDocClose(id: number): Promise<void>;
  folioDeliver?(id: number, bytes: number[]): void;
  folioClosed?(id: number, reason: string): void;
}

describe.skipIf(skipReason)('the renderer as the Electron shell serves it', () => {
  let dataDir: string;
  let engine: Engine;
  let token: string;
  let browser: Browser;
  let org: string;

  const api = async (method: string, path: string, body?: unknown) => {
    const answer = await engine.request({ method, path, headers: { authorization: `Bearer ${token}` }, body });
    expect(answer.status).toBeLessThan(300);
    return answer.body as Record<string, any>;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-shell-'));
    engine = new Engine({ dataDir, observeAnswers: referenceAnswers.observe });
    bootstrapIfEmpty(engine);
    token = readOwnerToken(dataDir);
    const origin = new AppOrigin();
    registerRequestHandler({ engine, token, origin });
    registerDocPorts({ engine, token, origin });
    registerSettingsHandler({ apiAddress: API_ADDRESS, token }, origin);
    serveRenderer(RENDERER);
    org = (await api('GET', '/v1/orgs')).items[0].id;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    engine?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A page as the desktop window: the app's files, its CSP, and window.folio over the shell's handlers. */
  async function desktopWindow(hash = ''): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
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
    await wireBridge(page);
    await page.goto(`${STAND_IN}/index.html${hash}`);
    return { page, problems };
  }

  async function wireBridge(page: Page): Promise<void> {
    let preloadListener: Listener | undefined;
    const frame = {
      url: 'app://folio/index.html',
      parent: null,
      postMessage: (_channel: string, answer: unknown, ports: unknown[]) => setImmediate(() => preloadListener?.({ ports }, answer)),
    };
    const openDoc = docOpener({
      send: (channel: string, payload: unknown) => ipcListeners.get(channel)!({ senderFrame: frame }, payload),
      on: (channel: string, listener: Listener) => channel === DOC_CHANNEL && (preloadListener = listener),
    } as never);
    const channels = new Map<number, DocChannel>();
    // As a window's ports close with it.
    page.on('close', () => channels.forEach((channel) => channel.close()));
    await page.exposeFunction('folioIpc', (payload: unknown) => ipcHandlers.get(REQUEST_CHANNEL)!({ senderFrame: frame }, payload));
    await page.exposeFunction('folioSettings', () => ipcHandlers.get(SETTINGS_CHANNEL)!({ senderFrame: frame }));
    await page.exposeFunction('folioOpenDoc', (id: number, docName: string) => {
      channels.set(id, openDoc(docName, {
        message: (data) => void page.evaluate(([doc, bytes]) => (window as unknown as StandIn).folioDeliver!(doc, bytes), [id, Array.from(data)] as const),
        closed: (reason) => void page.evaluate(([doc, why]) => (window as unknown as StandIn).folioClosed!(doc, why), [id, reason] as const),
      }));
    });
    await page.exposeFunction('folioDocSend', (id: number, bytes: number[]) => channels.get(id)?.send(Uint8Array.from(bytes)));
    await page.exposeFunction('folioDocClose', (id: number) => channels.get(id)?.close());
    await page.addInitScript(() => {
      const stand = window as unknown as StandIn;
      const events = new Map<number, { message(data: Uint8Array): void; closed(reason: string): void }>();
      let last = 0;
      stand.folioDeliver = (id, bytes) => events.get(id)?.message(Uint8Array.from(bytes));
      stand.folioClosed = (id, reason) => events.get(id)?.closed(reason);
      const bridge = {
        request: (payload: unknown) => stand.folioIpc(payload),
        settings: () => stand.folioSettings(),
        openDoc: (docName: string, docEvents: { message(data: Uint8Array): void; closed(reason: string): void }) => {
          const id = ++last;
          events.set(id, docEvents);
          void stand.folioOpenDoc(id, docName);
          return {
            send: (message: Uint8Array) => void stand.folioDocSend(id, Array.from(message)),
            close: () => {
              events.delete(id);
              void stand.folioDocClose(id);
            },
          };
        },
      };
      Object.defineProperty(window, 'folio', { value: bridge });
    });
  }

  it('opens the owner’s only organization through IPC with no token and no network', async () => {
    const { page, problems } = await desktopWindow();
    const title = (await api('GET', `/v1/orgs/${org}`)).title;
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByLabel('Access token').count()).toBe(0);
    expect(await page.locator('.who strong').textContent()).toBeTruthy();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('edits a change request’s page live over the doc ports, under the CSP that allows no network', async () => {
    const space = (await api('POST', `/v1/orgs/${org}/spaces`, { title: 'Desk' })).id;
    const cr = await api('POST', `/v1/spaces/${space}/change-requests`, { subject: 'From the desktop' });
    const added = await api('POST', `/v1/spaces/${space}/change-requests/${cr.id}/content?compat=false`, {
      changes: [{ operation: 'insert_page', title: 'Desk notes', document: {} }],
    });
    const pageId = added.changes.find((change: { object: string }) => change.object === 'created_page').page.id;
    const { page, problems } = await desktopWindow(`#/orgs/${org}/spaces/${space}/change-requests/${cr.number}/pages/${pageId}`);
    await page.locator('.editor-tools [role=status][data-synced=true]').waitFor();
    await page.getByRole('textbox', { name: /^Body of/ }).click();
    await page.keyboard.type('Written in the desktop window.');
    const markdown = async () => (await api('GET', `/v1/spaces/${space}/change-requests/${cr.id}/content/page/${pageId}?format=markdown`)).markdown;
    await expect.poll(markdown).toContain('Written in the desktop window.');
    await page.screenshot({ path: screenshot('desktop-editor.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the loopback address and the owner’s token in Settings', async () => {
    const { page, problems } = await desktopWindow(`#/orgs/${org}/settings/api`);
    await expect.poll(() => page.getByTestId('api-address').textContent()).toBe(API_ADDRESS);
    expect(await page.getByTestId('api-token').textContent()).not.toContain(token);
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await page.getByTestId('api-token').textContent()).toBe(token);
    expect(problems).toEqual([]);
    await page.close();
  });
});
