import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTabs, screenshot, sharedChromium, skipReason } from './chromium.js';
import { openTab, serveEngine, type ServedEngine } from './served-engine.js';

describe.skipIf(skipReason)(`the renderer in headless Chromium${skipReason ? ` — skipped: ${skipReason}` : ''}`, () => {
  let served: ServedEngine;
  let browser: Browser;

  beforeAll(async () => {
    served = await serveEngine();
    const created = await served.engine.request({
      method: 'POST', path: '/v1/orgs', headers: { authorization: `Bearer ${served.token}` }, body: { title: 'Smoke Test Handbook' },
    });
    expect(created.status).toBe(201);
    browser = await sharedChromium();
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
  });

  it('lists the organizations for ?token=, then takes the token out of the address', async () => {
    const { page, problems } = await openTab(browser, `${served.server.url}/?token=${encodeURIComponent(served.token)}`);
    const titles = page.locator('.org h2');
    await expect.poll(() => titles.allTextContents()).toEqual(expect.arrayContaining(['Smoke Test Handbook']));
    expect(await titles.count()).toBe(2);
    expect(await page.locator('.org .permissions').first().textContent()).toBe('You administer this organization');
    expect(await page.locator('.who strong').textContent()).toBeTruthy();
    expect(page.url()).toBe(`${served.server.url}/`);
    expect(problems).toEqual([]);
    await page.screenshot({ path: screenshot('organizations.png') });
    await page.context().close();
  });

  it('asks for a token, and shows no data, without one', async () => {
    const { page, problems } = await openTab(browser, `${served.server.url}/`);
    await page.getByLabel('Access token').waitFor();
    expect(await page.locator('.org').count()).toBe(0);
    expect(await page.locator('.who').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.screenshot({ path: screenshot('token-form.png') });
    await page.context().close();
  });
});
