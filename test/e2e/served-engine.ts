import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { bootstrapIfEmpty, type FirstStartOptions } from '../../src-main/engine/app/admin/bootstrap.js';
import { Engine, type EngineOptions } from '../../src-main/engine/app/engine.js';
import { listen, type RunningServer } from '../../src-main/engine/app/http/server.js';
import { staticFiles } from '../../src-main/engine/transports/http/static-files.js';
import { closeTabs, RENDERER, sharedChromium } from './chromium.js';
import { referenceAnswers } from '../support/conformance/recorder.js';
import { migratedDataDir } from '../support/migrated-database.js';
import { sharedWorkers } from '../support/workers.js';

/** A real engine on a temp data dir serving the built renderer, as `npm run serve` does. */
export interface ServedEngine {
  engine: Engine;
  server: RunningServer;
  token: string;
  /** Calls the API in-process as the owner and answers the body; a refused call throws. */
  api(method: string, path: string, body?: unknown): Promise<Record<string, any>>;
  stop(): Promise<void>;
}

/**
 * `options`: engine settings beyond the data dir and the renderer (a translator, say; `observeAnswers:
 * undefined` serves without the conformance check of every answer, as `npm run serve` does);
 * `firstStart`: what first start makes beyond the owner and their organization (`serve` asks for the welcome space).
 */
export async function serveEngine(options: Partial<EngineOptions> = {}, firstStart: FirstStartOptions = {}): Promise<ServedEngine> {
  const dataDir = migratedDataDir('folio-e2e-');
  const engine = new Engine({ workers: sharedWorkers(), observeAnswers: referenceAnswers.observe, ...options, dataDir, serveStatic: staticFiles(RENDERER) });
  bootstrapIfEmpty(engine, firstStart);
  const server = await listen(engine, 0);
  const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
  return {
    engine,
    server,
    token,
    api: async (method, path, body) => {
      const answer = await engine.request({ method, path, headers: { authorization: `Bearer ${token}` }, body });
      if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}`);
      return answer.body as Record<string, any>;
    },
    stop: async () => {
      await server.close();
      engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh tab, whose script errors and console errors are collected for the test to check. */
export async function openTab(browser: Browser, url: string): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(url);
  return { page, problems };
}

/** The owner's API calls on a served engine, in process; a call that fails fails the test. */
export function ownerApi(served: ServedEngine) {
  return async (method: string, path: string, body?: unknown): Promise<Record<string, any>> => {
    const answer = await served.engine.request({ method, path, headers: { authorization: `Bearer ${served.token}` }, body });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body as Record<string, any>;
  };
}

/** The shared headless Chromium (close with `closeTabs`) on the served app, signed in with the owner's token, at `hash`, in a 1280×900 tab. */
export async function openApp(served: ServedEngine, hash: string): Promise<{ browser: Browser; page: Page; problems: string[] }> {
  const browser = await sharedChromium();
  const { page, problems } = await openTab(browser, `${served.server.url}/?token=${encodeURIComponent(served.token)}${hash}`);
  page.setDefaultTimeout(10_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  return { browser, page, problems };
}

/** A page in the first change request of a new space, and the app's address that opens it in the editor. */
export interface EditorPage {
  space: string;
  changeRequestId: string;
  pageId: string;
  address: string;
}

export async function changeRequestPage(served: ServedEngine, names: { space: string; subject: string; page: string }, document: object): Promise<EditorPage> {
  const org = (await served.api('GET', '/v1/orgs')).items[0].id;
  const space = (await served.api('POST', `/v1/orgs/${org}/spaces`, { title: names.space })).id;
  const changeRequestId = (await served.api('POST', `/v1/spaces/${space}/change-requests`, { subject: names.subject })).id;
  const added = await served.api('POST', `/v1/spaces/${space}/change-requests/${changeRequestId}/content?compat=false`, {
    changes: [{ operation: 'insert_page', title: names.page, document }],
  });
  const pageId = added.changes.find((change: { object: string }) => change.object === 'created_page').page.id;
  const address = `${served.server.url}/?token=${encodeURIComponent(served.token)}#/orgs/${org}/spaces/${space}/change-requests/1/pages/${pageId}`;
  return { space, changeRequestId, pageId, address };
}

/** The page editor's body, and the wait until the engine's copy and the tab's have been exchanged. */
export const editorBody = (page: Page) => page.getByRole('textbox', { name: /^Body of/ });
export const editorSynced = (page: Page) => page.locator('.editor-tools [role=status][data-synced=true]').waitFor();

export interface EditorSuite {
  served(): ServedEngine;
  page(): EditorPage;
  /** A new tab of the suite's one browser profile (IndexedDB is kept per profile) on the page's editor. */
  open(): Promise<Page>;
  /** The page's editor in a profile of its own, signed in with `token` (another person). */
  openAs(token: string): Promise<Page>;
  /** The page's body as the engine's API answers it. */
  bodyMarkdown(): Promise<string>;
}

/** For a suite: a served engine with one change request page, started before it and stopped after it, and the shared Chromium, whose tabs are closed after it. */
export function editorSuite(names: { space: string; subject: string; page: string }, document: object): EditorSuite {
  let served: ServedEngine;
  let page: EditorPage;
  let browser: Browser | undefined;
  let context: BrowserContext;
  beforeAll(async () => {
    served = await serveEngine();
    page = await changeRequestPage(served, names, document);
    browser = await sharedChromium();
    context = await browser.newContext();
  });
  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
  });
  return {
    served: () => served,
    page: () => page,
    open: async () => {
      const tab = await context.newPage();
      tab.setDefaultTimeout(10_000);
      await tab.goto(page.address);
      return tab;
    },
    openAs: async (token) => {
      const tab = await (await browser!.newContext()).newPage();
      tab.setDefaultTimeout(10_000);
      await tab.goto(page.address.replace(/\?token=[^#]*/, `?token=${encodeURIComponent(token)}`));
      return tab;
    },
    bodyMarkdown: async () =>
      (await served.api('GET', `/v1/spaces/${page.space}/change-requests/1/content/page/${page.pageId}?format=markdown`)).markdown as string,
  };
}
