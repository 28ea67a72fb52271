import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTabs, screenshot, skipReason } from './chromium.js';
import { openApp, ownerApi, serveEngine, type ServedEngine } from './served-engine.js';

/** Issue 7's integrations screen: installed integrations, their events and the logs their scripts wrote. */
describe.skipIf(skipReason)('the integrations screen in headless Chromium', () => {
  let served: ServedEngine;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let org: string;

  const publish = (name: string, title: string, script: string) =>
    ownerApi(served)('POST', `/v1/integrations/${name}`, { title, description: `${title}, for the e2e`, scopes: [], script, organization: org });

  beforeAll(async () => {
    served = await serveEngine();
    const api = ownerApi(served);
    org = (await api('GET', '/v1/orgs')).items[0].id;
    await publish('greeter', 'Greeter', "addEventListener('installation_setup', (event) => { console.log('hello from greeter'); console.warn('installation', event.installationId); });");
    await publish('crasher', 'Crasher', "addEventListener('installation_setup', () => { throw new Error('boom in the script'); });");
    await api('POST', '/v1/integrations/greeter/installations', { organization: org });
    await served.engine.integrations.whenIdle();
    ({ browser, page, problems } = await openApp(served, `#/orgs/${org}`));
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
  });

  const installed = (title: string) => page.locator('[data-kind=installed-integration]', { hasText: title });

  it('opens from the sidebar and shows the installed integration with its event and logs', async () => {
    await page.getByRole('navigation', { name: 'Collections and spaces' }).getByRole('link', { name: 'Integrations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
    await installed('Greeter').waitFor();
    await installed('Greeter').getByText('Succeeded').click();
    await installed('Greeter').getByText('hello from greeter').waitFor();
    expect(await installed('Greeter').locator('[data-level=warn]').textContent()).toMatch(/installation \w+/);
  });

  it('installs another from the keyboard; its failed event shows why', async () => {
    const available = page.getByRole('list', { name: 'Available integrations' });
    await available.getByRole('button', { name: 'Install Crasher' }).focus();
    await page.keyboard.press('Enter');
    await installed('Crasher').waitFor();
    await served.engine.integrations.whenIdle();
    await installed('Crasher').getByRole('button', { name: 'Refresh the events of crasher' }).click();
    await installed('Crasher').getByText('Failed').click();
    await installed('Crasher').getByText(/The script failed: Error: boom in the script/).waitFor();
    expect(await available.count()).toBe(0);
    await page.screenshot({ path: screenshot('integrations.png') });
    expect(problems).toEqual([]);
  });
});
