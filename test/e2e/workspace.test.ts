import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTabs, screenshot, sharedChromium, skipReason } from './chromium.js';
import { openTab, serveEngine, type ServedEngine } from './served-engine.js';

/** A person's first hour in the browser build: the sidebar, a space, comments, settings. */
describe.skipIf(skipReason)('the workspace in headless Chromium', () => {
  let served: ServedEngine;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    served = await serveEngine();
    browser = await sharedChromium();
    ({ page, problems } = await openTab(browser, `${served.server.url}/?token=${encodeURIComponent(served.token)}`));
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    // The only organization opens at once.
    await page.getByRole('navigation', { name: 'Collections and spaces' }).waitFor();
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
  });

  const sidebar = () => page.getByRole('navigation', { name: 'Collections and spaces' });
  const row = (title: string) => sidebar().locator('.tree-row', { hasText: title });

  it('creates a collection and a space inside it', async () => {
    await sidebar().getByRole('button', { name: 'New collection' }).click();
    await sidebar().getByLabel('Collection title').fill('Guides');
    await sidebar().getByLabel('Collection title').press('Enter');
    await row('Guides').waitFor();

    await sidebar().getByRole('button', { name: 'New space in Guides' }).click();
    await sidebar().getByLabel('Space title').fill('Onboarding');
    await sidebar().getByRole('button', { name: 'Create space' }).click();
    await page.getByRole('heading', { level: 1, name: 'Onboarding' }).waitFor();
    expect(await sidebar().locator('.tree-item[data-kind=collection] .tree-item[data-kind=space]').allTextContents()).toEqual([
      expect.stringContaining('Onboarding'),
    ]);
  });

  it('renames a space from the sidebar', async () => {
    await sidebar().getByRole('button', { name: 'Rename Onboarding' }).click();
    await sidebar().getByLabel('New name').fill('Getting started');
    await sidebar().getByLabel('New name').press('Enter');
    await row('Getting started').waitFor();
    expect(await row('Onboarding').count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Getting started' }).waitFor();
  });

  it('moves a space with the keyboard, then back into the collection by dragging', async () => {
    await sidebar().getByRole('button', { name: 'Move Getting started' }).click();
    await sidebar().getByLabel('Move to').selectOption({ label: 'Top level' });
    await sidebar().getByRole('button', { name: 'Move', exact: true }).press('Enter');
    await expect.poll(() => sidebar().locator('.tree > .tree-item[data-kind=space]').allTextContents()).toEqual([
      expect.stringContaining('Getting started'),
    ]);

    await row('Getting started').dragTo(row('Guides'));
    await expect.poll(() => sidebar().locator('.tree > .tree-item[data-kind=space]').count()).toBe(0);
    await page.screenshot({ path: screenshot('sidebar.png') });
  });

  it('walks the sidebar with the arrow keys, with a visible focus ring', async () => {
    await sidebar().getByRole('button', { name: 'Guides', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toContain('Getting started');
    expect(await focused.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
  });

  it('sends a space to the trash and restores it', async () => {
    await sidebar().getByRole('button', { name: 'Delete Getting started' }).click();
    await sidebar().getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => row('Getting started').count()).toBe(0);

    await sidebar().getByRole('link', { name: 'Trash' }).click();
    await page.getByRole('button', { name: 'Restore Getting started' }).click();
    await page.getByRole('heading', { level: 1, name: 'Getting started' }).waitFor();
    await row('Getting started').waitFor();
  });

  it('comments on the space, replies, reacts and resolves', async () => {
    const comments = page.getByRole('complementary', { name: 'Comments' });
    await comments.getByLabel('New comment').fill('Should this page mention the VPN?');
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    const thread = comments.locator('.thread').first();
    await thread.getByText('Should this page mention the VPN?').waitFor();
    await thread.getByLabel('Reply').fill('Yes, in the first section.');
    await thread.getByRole('button', { name: 'Reply', exact: true }).click();
    await thread.getByText('Yes, in the first section.').waitFor();
    const reactions = thread.locator('.thread-actions');
    await reactions.getByRole('button', { name: '👍 0' }).click();
    await reactions.getByRole('button', { name: '👍 1', pressed: true }).waitFor();
    await page.screenshot({ path: screenshot('space.png') });
    await thread.getByRole('button', { name: 'Resolve' }).click();
    await comments.getByText('No comments yet.').waitFor();
  });

  it('opens a change request from the space', async () => {
    await page.getByRole('button', { name: 'New change request' }).click();
    await page.getByLabel('Subject').fill('Explain the VPN');
    await page.getByLabel('Subject').press('Enter');
    await page.getByRole('heading', { level: 1, name: '#1 Explain the VPN' }).waitFor();
    await page.getByRole('button', { name: 'Back to draft' }).click();
    await page.locator('.badge.status-draft').waitFor();
    const comments = page.getByRole('complementary', { name: 'Comments' });
    await comments.getByLabel('New comment').fill('Ready when the diagram is in.');
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    await comments.locator('.thread').getByText('Ready when the diagram is in.').waitFor();
    await page.screenshot({ path: screenshot('change-request.png') });
    await page.getByRole('button', { name: 'Ready for review' }).click();
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByRole('button', { name: 'Merge into main' }).click();
    await page.getByText('Merged into main.').waitFor();
    await page.locator('.badge.status-merged').waitFor();
  });

  it('shows the API address and token in Settings, and the members', async () => {
    await sidebar().getByRole('link', { name: 'Settings' }).click();
    expect(await page.getByTestId('api-address').textContent()).toBe(served.server.url);
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await page.getByTestId('api-token').textContent()).toBe(served.token);
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    await page.screenshot({ path: screenshot('members.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: screenshot('members-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('creates a team, adds a member by e-mail, renames and deletes it', async () => {
    const tabs = page.getByRole('navigation', { name: 'Settings sections' });
    await tabs.getByRole('link', { name: 'Teams' }).click();
    await page.getByText('No teams yet.').waitFor();
    await page.getByRole('button', { name: 'New team' }).click();
    await page.getByLabel('Team name').fill('Writers');
    await page.getByLabel('Team name').press('Enter');
    const team = page.locator('.team', { hasText: 'Writers' });
    await team.getByRole('button', { name: 'Members' }).click();
    await team.getByLabel('Add a member by e-mail').fill('root@localhost');
    await team.getByLabel('Add a member by e-mail').press('Enter');
    await team.getByRole('button', { name: 'Remove root from Writers' }).waitFor();
    await team.getByRole('button', { name: 'Rename Writers' }).click();
    await team.getByLabel('Team name').fill('Editors');
    await team.getByLabel('Team name').press('Enter');
    const renamed = page.locator('.team', { hasText: 'Editors' });
    await renamed.getByRole('button', { name: 'Delete Editors' }).click();
    await renamed.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No teams yet.').waitFor();
  });

  it('adds a SAML provider, shows what the identity provider needs, and deletes it', async () => {
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Single sign-on' }).click();
    await page.getByRole('button', { name: 'New SAML provider' }).click();
    await page.getByLabel('Provider label').fill('Okta');
    await page.getByLabel('Provider label').press('Enter');
    const provider = page.locator('.provider', { hasText: 'Okta' });
    await provider.getByText('pending setup').waitFor();
    expect(await provider.locator('dd code').first().textContent()).toMatch(/^https?:\/\//);
    await provider.getByRole('button', { name: 'Delete Okta' }).click();
    await provider.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No SAML provider: members sign in with their Folio tokens.').waitFor();
  });

  it('opens search with Ctrl-K and says when nothing matches', async () => {
    await page.keyboard.press('Control+k');
    const search = page.getByRole('dialog', { name: 'Search' });
    await search.getByLabel('Search this organization').fill('vpn');
    await search.getByText('Nothing matches “vpn”.').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => search.isVisible()).toBe(false);
  });

  it('deletes a collection, its space going to the trash', async () => {
    await sidebar().getByRole('button', { name: 'Delete Guides' }).click();
    await sidebar().getByRole('button', { name: 'Delete', exact: true }).click();
    await sidebar().getByText('No spaces yet. Create one to start writing.').waitFor();
    await sidebar().getByRole('link', { name: 'Trash' }).click();
    await page.getByRole('button', { name: 'Restore Getting started' }).waitFor();
    expect(problems).toEqual([]);
  });
});
