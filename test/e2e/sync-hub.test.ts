import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapIfEmpty } from '../../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../../src-main/engine/app/engine.js';
import { listen, type RunningServer } from '../../src-main/engine/app/http/server.js';
import { closeTabs, screenshot, skipReason } from './chromium.js';
import { closedPort } from '../engine/services/sync/foreign-servers.js';
import { openApp, serveEngine, type ServedEngine } from './served-engine.js';
import { referenceAnswers } from '../support/conformance/recorder.js';

/** Issue 5 in the app: point this engine at a hub from Settings, watch the indicator, see work reach the hub. */
describe.skipIf(skipReason)('connecting to a hub from the app in headless Chromium', () => {
  let served: ServedEngine;
  let hubDir: string;
  let hub: Engine;
  let hubServer: RunningServer;
  let hubToken: string;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let org: string;

  const call = async (engine: Engine, token: string, path: string) => {
    const answer = await engine.request({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    return answer.body as { items: { id: string; title: string }[] };
  };
  /** Every space title the hub's owner can see, across the hub's organizations. */
  const hubSpaceTitles = async () => {
    const titles: string[] = [];
    for (const organization of (await call(hub, hubToken, '/v1/orgs')).items) {
      titles.push(...(await call(hub, hubToken, `/v1/orgs/${organization.id}/spaces`)).items.map((space) => space.title));
    }
    return titles;
  };
  const indicator = () => page.locator('[data-slot=sync] .sync-indicator');
  // The indicator polls (every 1-5 s by state): room for a few polls.
  const settles = { timeout: 20_000 };

  beforeAll(async () => {
    hubDir = mkdtempSync(join(tmpdir(), 'folio-e2e-hub-'));
    hub = new Engine({ dataDir: hubDir, observeAnswers: referenceAnswers.observe });
    bootstrapIfEmpty(hub);
    hubServer = await listen(hub, 0);
    hubToken = readFileSync(join(hubDir, 'token'), 'utf8').trim();
    served = await serveEngine();
    org = (await call(served.engine, served.token, '/v1/orgs')).items[0]!.id;
    ({ browser, page, problems } = await openApp(served, `#/orgs/${org}`));
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
    await hubServer?.close();
    hub?.close();
    if (hubDir) rmSync(hubDir, { recursive: true, force: true });
  });

  it('shows the engine as local only, and leads from the indicator to the hub settings', async () => {
    await indicator().filter({ hasText: 'Local only: sync is not set up on this device' }).waitFor();
    await indicator().getByRole('link').click();
    await page.getByRole('heading', { level: 2, name: 'Sync' }).waitFor();
    await expect.poll(() => page.getByTestId('sync-state').textContent()).toBe('Not set up');
  });

  it('checks the hub before saving it, and says beside the field what is wrong', async () => {
    const nowhere = `ws://127.0.0.1:${await closedPort()}/v1/sync`;
    await page.getByLabel('Hub address').fill(nowhere);
    await page.getByLabel('Hub token').fill(hubToken);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('alert').filter({ hasText: `No hub answers at ${nowhere}: nothing listens there` }).waitFor();
    expect(await page.getByLabel('Hub address').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Hub address').fill(`ws://127.0.0.1:${hubServer.port}/v1/sync`);
    await page.getByLabel('Hub token').fill('folio_not-a-token');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('alert').filter({ hasText: 'The hub refused this token' }).waitFor();
    expect(await page.getByLabel('Hub token').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Hub address').getAttribute('aria-invalid')).toBeNull();
    await page.screenshot({ path: screenshot('sync-settings-refused.png') });
    // Nothing was saved.
    await expect.poll(() => page.getByTestId('sync-state').textContent()).toBe('Not set up');
    // The two refusals are what the console reports.
    expect(problems.splice(0)).toEqual([expect.stringMatching(/400/), expect.stringMatching(/400/)]);
  });

  it('connects to the hub from Settings, and the indicator goes connected', async () => {
    await page.getByLabel('Hub address').fill(`ws://127.0.0.1:${hubServer.port}/v1/sync`);
    await page.getByLabel('Hub token').fill(hubToken);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.locator('.sync-indicator[data-state=connected]').waitFor(settles);
    await expect.poll(() => page.getByTestId('sync-state').textContent(), settles).toBe('Connected');
    await page.screenshot({ path: screenshot('sync-settings.png') });
    expect(await indicator().textContent()).toMatch(/^Connected · (no pending changes|\d+ pending changes?) · last sync/);
  });

  it("opens the hub's organization in place of the empty one first start made: no second, identical organization", async () => {
    const hubOrganization = (await call(hub, hubToken, '/v1/orgs')).items[0]!;
    await expect.poll(() => page.locator('.org-switcher option').allTextContents(), settles).toEqual([hubOrganization.title]);
    await expect.poll(() => page.url(), settles).toContain(`#/orgs/${hubOrganization.id}/settings/sync`);
    expect((await call(hub, hubToken, '/v1/orgs')).items.map((organization) => organization.id)).toEqual([hubOrganization.id]);
  });

  it('sends a space made in the app to the hub: pending goes to 0 and the hub lists it', async () => {
    await page.getByRole('button', { name: 'New space' }).click();
    await page.getByLabel('Space title').fill('Field notes');
    await page.getByLabel('Space title').press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Field notes' }).waitFor();
    await expect.poll(hubSpaceTitles, settles).toContain('Field notes');
    await page.locator('.sync-indicator[data-state=connected][data-outbox="0"]').waitFor(settles);
    // lastSyncAt moves with the docs channel, which opens after the change log's first exchange.
    await indicator().filter({ hasText: 'Connected · no pending changes · last sync just now' }).waitFor(settles);
    await page.screenshot({ path: screenshot('sync-connected.png') });
  });

  it('says offline while the hub is away, and local only once disconnected', async () => {
    await hubServer.close();
    await page.locator('.sync-indicator[data-state=offline]').waitFor(settles);
    expect(await indicator().textContent()).toMatch(/^Offline · /);
    await indicator().getByRole('link').click();
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await indicator().filter({ hasText: 'Local only' }).waitFor(settles);
    await expect.poll(() => page.getByTestId('sync-state').textContent()).toBe('Not set up');
    expect(problems).toEqual([]);
  });
});
