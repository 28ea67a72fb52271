import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTabs, screenshot, skipReason } from './chromium.js';
import { openApp, ownerApi, serveEngine, type ServedEngine } from './served-engine.js';

const DAY = 86_400_000;
const conversation = (id: string, subject: string, body: string, daysAgo: number) => ({
  id,
  subject,
  parts: [
    { type: 'message', role: 'user', body },
    { type: 'message', role: 'assistant', body: 'Thanks for the report, we are looking into it.' },
  ],
  metadata: { createdAt: new Date(Date.now() - daysAgo * DAY).toISOString() },
});

/** Support conversations of the last weeks: PDF exports failing, and sign-in through SSO locked out. */
const CONVERSATIONS = [
  conversation('c1', 'PDF export fails', 'The PDF export fails with an error every time I export a long space.', 2),
  conversation('c2', 'Export to PDF broken', 'Exporting our handbook to PDF is broken again, the export times out.', 9),
  conversation('c3', 'PDF export error', 'PDF export still fails with an error on large pages.', 16),
  conversation('c4', 'Cannot export PDF', 'Our PDF export keeps failing, the download never starts.', 30),
  conversation('c5', 'Locked out after SSO change', 'We are locked out: SAML login fails for all users since we changed the SSO certificate.', 1),
  conversation('c6', 'SSO login broken', 'SAML SSO login fails with an error for our team.', 20),
];

/** Issue 7's clusters screen: conversations ingested through the API, their clusters read and one muted. */
describe.skipIf(skipReason)('the conversation clusters screen in headless Chromium', () => {
  let served: ServedEngine;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let org: string;

  const clusters = () => page.locator('[data-kind=cluster]');
  const exportCluster = () => clusters().filter({ hasText: /export/i }).first();

  beforeAll(async () => {
    served = await serveEngine();
    const api = ownerApi(served);
    org = (await api('GET', '/v1/orgs')).items[0].id;
    await api('POST', `/v1/orgs/${org}/conversations`, CONVERSATIONS);
    ({ browser, page, problems } = await openApp(served, `#/orgs/${org}`));
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
  });

  it('lists the clusters with their impact, stats and weekly pulse', async () => {
    await page.getByRole('navigation', { name: 'Collections and spaces' }).getByRole('link', { name: 'Conversation clusters' }).click();
    // The screen draws its cards, then their stats as they arrive: each is waited for.
    await clusters().first().waitFor();
    await expect.poll(() => clusters().count()).toBeGreaterThanOrEqual(2);
    const card = exportCluster();
    await expect.poll(() => card.textContent()).toMatch(/4 issues from 4 conversations/);
    await expect.poll(() => card.locator('.badge').first().textContent()).toMatch(/(High|Medium|Low) impact/);
    const chart = card.getByRole('img', { name: /^Issues per week over the last 13 weeks/ });
    await expect.poll(() => chart.locator('rect').count()).toBe(13);
    await expect.poll(() => chart.locator('rect[height]:not([height="0"])').count()).toBe(4);
  });

  it("shows a cluster's issues with the conversations they came from", async () => {
    await exportCluster().getByRole('button', { name: 'Show issues' }).click();
    const issues = exportCluster().locator('[data-kind=conversation-issue]');
    await issues.first().waitFor();
    await expect.poll(() => issues.count()).toBe(4);
    await expect.poll(() => exportCluster().textContent()).toContain('“PDF export fails”');
    // Tall enough for both clusters and the open one's issues.
    await page.setViewportSize({ width: 1280, height: 1250 });
    await page.screenshot({ path: screenshot('clusters.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('mutes a cluster and unmutes it, as the API then says', async () => {
    const label = (await exportCluster().locator('h2').textContent())!;
    const id = await clusterId(label);
    // Exact names: a name matches any button whose name holds it, case aside, and "Unmute …" holds "mute …".
    await page.getByRole('button', { name: `Mute ${label}`, exact: true }).click();
    await page.getByRole('button', { name: `Unmute ${label}`, exact: true }).waitFor();
    expect(await page.locator('[data-kind=cluster][data-muted=true]').count()).toBe(1);
    expect((await ownerApi(served)('GET', `/v1/orgs/${org}/conversations-clusters/${id}`)).muted).toBe(true);
    await page.getByRole('button', { name: `Unmute ${label}`, exact: true }).click();
    await page.getByRole('button', { name: `Mute ${label}`, exact: true }).waitFor();
    expect((await ownerApi(served)('GET', `/v1/orgs/${org}/conversations-clusters/${id}`)).muted).toBe(false);
    expect(problems).toEqual([]);
  });

  async function clusterId(label: string): Promise<string> {
    const list = await ownerApi(served)('GET', `/v1/orgs/${org}/conversations-clusters`);
    return (list.items as { id: string; label: string }[]).find((cluster) => cluster.label === label)!.id;
  }
});
