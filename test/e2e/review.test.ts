import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addUser, issueToken } from '../../src-main/engine/app/admin/commands.js';
import { closeTabs, screenshot, sharedChromium, skipReason } from './chromium.js';
import { openTab, serveEngine, type ServedEngine } from './served-engine.js';

const TIP = 'Tip: back up every day.';
const NOTE = 'Note: backups are automatic.';
const CHOSEN = 'Backups run every night; keep one copy offsite.';

/**
 * Issue 14's day in the browser build: two change requests rewrite one paragraph; the second's
 * merge is refused, its writer brings main in and resolves the conflict in the conflict view; a
 * reviewer lands on the review, reads the diff and approves (the writer's open screen sees it at
 * once); the merge rule is met, the writer merges, and main holds exactly the chosen text.
 */
describe.skipIf(skipReason)('review and conflicts in headless Chromium', () => {
  let served: ServedEngine;
  let browser: Browser;
  let writer: Page;
  let reviewer: Page;
  let problems: string[];
  let org: string;
  let space: string;
  let pageId: string;
  let second: { id: string; number: number };

  beforeAll(async () => {
    served = await serveEngine();
    org = (await served.api('GET', '/v1/orgs')).items[0].id;
    space = (await served.api('POST', `/v1/orgs/${org}/spaces`, { title: 'Operations' })).id;
    const first = await served.api('POST', `/v1/spaces/${space}/change-requests`, { subject: 'First page' });
    const written = await served.api('POST', `/v1/spaces/${space}/change-requests/${first.id}/content?compat=false`, {
      changes: [{ operation: 'insert_page', title: 'Backups', document: { markdown: `# Backups\n\nBack up often.\n\nKeep copies.\n` } }],
    });
    pageId = written.changes[0].page.id;
    await served.api('POST', `/v1/spaces/${space}/change-requests/${first.id}/merge`);
    const rewrite = async (subject: string, text: string) => {
      const cr = await served.api('POST', `/v1/spaces/${space}/change-requests`, { subject });
      await served.api('POST', `/v1/spaces/${space}/change-requests/${cr.id}/content`, {
        changes: [{ operation: 'update_page', page: pageId, document: { markdown: `# Backups\n\n${text}\n\nKeep copies.\n` } }],
      });
      return { id: cr.id as string, number: cr.number as number };
    };
    const tip = await rewrite('Daily backups', TIP);
    second = await rewrite('Automatic backups', NOTE);
    await served.api('POST', `/v1/spaces/${space}/change-requests/${tip.id}/merge`);
    await served.api('PATCH', `/v1/spaces/${space}`, { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] } });

    const reviewerEmail = 'reviewer@example.com';
    addUser(served.engine, reviewerEmail, 'Rhea Reviewer');
    addMember(served.engine, org, reviewerEmail, 'review');
    const reviewerToken = issueToken(served.engine, reviewerEmail) as string;
    browser = await sharedChromium();
    const crHash = `#/orgs/${org}/spaces/${space}/change-requests/${second.number}`;
    ({ page: writer, problems } = await openTab(browser, `${served.server.url}/?token=${encodeURIComponent(served.token)}${crHash}`));
    ({ page: reviewer } = await openTab(browser, `${served.server.url}/?token=${encodeURIComponent(reviewerToken)}${crHash}`));
    for (const page of [writer, reviewer]) {
      page.setDefaultTimeout(10_000);
      await page.setViewportSize({ width: 1280, height: 1000 });
    }
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
  });

  const mainMarkdown = async () => (await served.api('GET', `/v1/spaces/${space}/content/page/${pageId}?format=markdown`)).markdown as string;

  it("refuses the writer's merge while the rules wait for a review, and again for the conflict with main, changing nothing", async () => {
    await writer.getByRole('heading', { level: 1, name: `#${second.number} Automatic backups` }).waitFor();
    await writer.getByText(/Merging waits: the merge rule require at least one review/).waitFor();
    expect(await writer.getByRole('button', { name: 'Merge', exact: true }).isDisabled()).toBe(true);
    // The writer lands on its pages, not the review.
    expect(await writer.getByRole('tab', { name: 'Pages' }).getAttribute('aria-selected')).toBe('true');
    // With the rule bypassed for a moment, the merge meets main's conflicting change: refused, nothing changed.
    await served.api('PATCH', `/v1/spaces/${space}`, { mergeRules: { type: 'none' } });
    await writer.reload();
    await writer.getByRole('button', { name: 'Merge', exact: true }).click();
    await writer.getByRole('button', { name: 'Merge into main' }).click();
    await writer.getByText(/^Not merged: main changed some of the same blocks/).waitFor();
    expect(await mainMarkdown()).toBe(`# Backups\n\n${TIP}\n\nKeep copies.\n`);
    await served.api('PATCH', `/v1/spaces/${space}`, { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] } });
  });

  it('brings main in and shows the conflict side by side; an edited resolution survives a reload and lands', async () => {
    await writer.getByRole('button', { name: 'Update from main' }).click();
    const conflicts = writer.getByRole('region', { name: 'Conflicts with main' });
    await conflicts.getByText('1 conflict left to resolve before merging.').waitFor();
    const conflict = conflicts.getByRole('article', { name: 'Conflict on Backups' });
    await conflict.locator('.conflict-side', { hasText: 'Base' }).getByText('Back up often.').waitFor();
    await conflict.locator('.conflict-side', { hasText: 'Main' }).getByText(TIP).waitFor();
    await conflict.locator('.conflict-side', { hasText: 'This change request' }).getByText(NOTE).waitFor();
    await writer.getByText('Merging waits: 1 conflict is still open').waitFor();
    await writer.screenshot({ path: screenshot('conflicts.png') });

    await conflict.getByRole('button', { name: 'Edit' }).click();
    await conflict.getByLabel('Resolved text (Markdown)').fill(CHOSEN);
    await writer.reload();
    const again = writer.getByRole('region', { name: 'Conflicts with main' }).getByRole('article', { name: 'Conflict on Backups' });
    expect(await again.getByLabel('Resolved text (Markdown)').inputValue()).toBe(CHOSEN);
    await again.getByRole('button', { name: 'Save resolution' }).click();
    await writer.getByRole('region', { name: 'Conflicts with main' }).waitFor({ state: 'detached' });
    await writer.getByText(/Merging waits: the merge rule require at least one review/).waitFor();
  });

  it('lands a reviewer on the review: every changed page as it reads, the words changed marked; approves with a comment', async () => {
    await reviewer.reload();
    await reviewer.getByRole('heading', { level: 1, name: `#${second.number} Automatic backups` }).waitFor();
    expect(await reviewer.getByRole('tab', { name: 'Review' }).getAttribute('aria-selected')).toBe('true');
    const review = reviewer.getByRole('region', { name: 'Review' });
    const backups = review.getByRole('article', { name: 'Changes to Backups' });
    await backups.locator('.review-block.diff-changed').waitFor();
    // Against its base, main as the update brought it in: the words of the resolution that differ from main's.
    expect(await backups.locator('.review-block.diff-changed ins').allTextContents()).toEqual(['Backups run ', 'night; keep one copy offsite.']);
    expect(await backups.locator('.review-block.diff-changed del').allTextContents()).toEqual(['Tip: back up ', 'day.']);
    await backups.getByRole('heading', { level: 1, name: 'Backups' }).waitFor();

    await backups.getByRole('button', { name: /^Comment on this block: Backups run every night/ }).click();
    const comments = reviewer.getByRole('complementary', { name: 'Comments' });
    await comments.getByLabel(/^Comment on “Backups run every night/).fill('Offsite where?');
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    await backups.getByRole('list', { name: 'Comments on this block' }).getByText('Offsite where?').waitFor();
    // The writer sees it beside the block, without reloading.
    await writer.getByRole('tab', { name: 'Review' }).click();
    await writer.getByRole('list', { name: 'Comments on this block' }).getByText('Offsite where?').waitFor();
    // Another client posts on the same block over HTTP while both screens are open: the engine pushes
    // the change to them (the comments' room), nothing reloads and nothing polls.
    const threads = await served.api('GET', `/v1/spaces/${space}/change-requests/${second.id}/comments?status=open`);
    const { target } = threads.items.find((thread: { body: { markdown?: string } }) => thread.body.markdown?.startsWith('Offsite where?'));
    await served.api('POST', `/v1/spaces/${space}/change-requests/${second.id}/comments`, { body: { markdown: 'In the vault.' }, page: target.page.id, node: target.node.id });
    for (const page of [reviewer, writer]) {
      await page.getByRole('region', { name: 'Review' }).getByRole('list', { name: 'Comments on this block' }).getByText('In the vault.').waitFor();
      await page.getByRole('complementary', { name: 'Comments' }).getByText('In the vault.').waitFor();
    }

    await review.getByLabel('Review comment').fill('Clear and right.');
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.locator('.review-state', { hasText: 'Rhea Reviewer' }).getByText('Approved').waitFor();
    await reviewer.screenshot({ path: screenshot('review.png') });
    // The writer's screen, open all along, learns of the approval from the engine (its comments room
    // is told the change request moved): the review shows it and the merge rule is met, unreloaded.
    await writer.getByRole('region', { name: 'Review' }).locator('.review-state', { hasText: 'Rhea Reviewer' }).getByText('Approved').waitFor();
    await writer.getByText(/Merging waits/).waitFor({ state: 'detached' });
    expect(await writer.getByRole('button', { name: 'Merge', exact: true }).isDisabled()).toBe(false);
  });

  it('lets the writer ask a team for a review, named among the reviewers', async () => {
    await served.api('PUT', `/v1/orgs/${org}/teams`, { title: 'Ops' });
    await writer.reload();
    await writer.getByRole('tab', { name: 'Review' }).click();
    const review = writer.getByRole('region', { name: 'Review' });
    await review.getByLabel('Ask for a review').selectOption({ label: 'Team Ops' });
    await review.getByRole('button', { name: 'Ask', exact: true }).click();
    await review.getByText('Teams asked: Ops').waitFor();
    const asked = await served.api('GET', `/v1/spaces/${space}/change-requests/${second.id}/requested-reviewers`);
    expect(asked.items.map((entry: { kind: string }) => entry.kind)).toEqual(['team']);
  });

  it('lets the writer merge once approved, confirming, and main holds exactly the chosen text', async () => {
    await writer.reload();
    await writer.getByRole('button', { name: 'Merge', exact: true }).click();
    await writer.getByRole('button', { name: 'Merge into main' }).click();
    await writer.getByText('Merged into main.').waitFor();
    expect(await mainMarkdown()).toBe(`# Backups\n\n${CHOSEN}\n\nKeep copies.\n`);
    expect(problems).toEqual([]);
  });

  it('lists every changed page of a long change request at once and draws each page\'s changes as it is scrolled to', async () => {
    const many = await served.api('POST', `/v1/spaces/${space}/change-requests`, { subject: 'Many pages' });
    const titles = Array.from({ length: 30 }, (_, i) => `Runbook ${String(i + 1).padStart(2, '0')}`);
    await served.api('POST', `/v1/spaces/${space}/change-requests/${many.id}/content?compat=false`, {
      changes: titles.map((title) => ({ operation: 'insert_page', title, document: { markdown: `Step one of ${title}.\n\nStep two.\n\nStep three.\n` } })),
    });
    await reviewer.evaluate((hash) => (window.location.hash = hash), `#/orgs/${org}/spaces/${space}/change-requests/${many.number}`);
    const review = reviewer.getByRole('region', { name: 'Review' });
    await review.getByRole('heading', { name: `Changed pages (${titles.length})` }).waitFor();
    const first = review.getByRole('article', { name: `Changes to ${titles[0]}` });
    const last = review.getByRole('article', { name: `Changes to ${titles.at(-1)}` });
    await first.getByText(`Step one of ${titles[0]}.`).waitFor();
    // Far below the fold: listed, its changes not drawn yet.
    await last.getByText('Changes shown when scrolled to…').waitFor();
    expect(await last.locator('.review-body').count()).toBe(0);
    await last.scrollIntoViewIfNeeded();
    await last.getByText(`Step one of ${titles.at(-1)}.`).waitFor();
    expect(await last.getByText('Changes shown when scrolled to…').count()).toBe(0);
  });
});

