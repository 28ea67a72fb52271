import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapIfEmpty } from '../../src-main/engine/admin/bootstrap.js';
import { Engine } from '../../src-main/engine/engine.js';
import { listen, type RunningServer } from '../../src-main/engine/http/server.js';
import { staticFiles } from '../../src-main/engine/http/static-files.js';
import { CHROMIUM, CHROMIUM_ARGS, RENDERER, screenshot, skipReason } from './chromium.js';

describe.skipIf(skipReason)(`the renderer in headless Chromium${skipReason ? ` — skipped: ${skipReason}` : ''}`, () => {
  let dataDir: string;
  let engine: Engine;
  let server: RunningServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-smoke-'));
    engine = new Engine({ dataDir, serveStatic: staticFiles(RENDERER) });
    bootstrapIfEmpty(engine);
    server = await listen(engine, 0);
    token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
    const created = await engine.request({
      method: 'POST', path: '/v1/orgs', headers: { authorization: `Bearer ${token}` }, body: { title: 'Smoke Test Handbook' },
    });
    expect(created.status).toBe(201);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    engine?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A fresh tab, whose script errors and CSP violations fail the test. */
  async function open(path: string): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(`${server.url}${path}`);
    return { page, problems };
  }

  it('lists the organizations for ?token=, then takes the token out of the address', async () => {
    const { page, problems } = await open(`/?token=${encodeURIComponent(token)}`);
    const titles = page.locator('.org h2');
    await expect.poll(() => titles.allTextContents()).toEqual(expect.arrayContaining(['Smoke Test Handbook']));
    expect(await titles.count()).toBe(2);
    expect(await page.locator('.org .permissions').first().textContent()).toMatch(/^Can view, administer/);
    expect(await page.locator('.who strong').textContent()).toBeTruthy();
    expect(page.url()).toBe(`${server.url}/`);
    expect(problems).toEqual([]);
    await page.screenshot({ path: screenshot('organizations.png') });
    await page.context().close();
  });

  it('asks for a token, and shows no data, without one', async () => {
    const { page, problems } = await open('/');
    await page.getByLabel('Access token').waitFor();
    expect(await page.locator('.org').count()).toBe(0);
    expect(await page.locator('.who').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.screenshot({ path: screenshot('token-form.png') });
    await page.context().close();
  });
});
