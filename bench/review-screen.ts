import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { bootstrapIfEmpty } from '../src-main/engine/app/admin/bootstrap.js';
import { addMember, addUser, issueToken } from '../src-main/engine/app/admin/commands.js';
import { Engine } from '../src-main/engine/app/engine.js';
import { listen } from '../src-main/engine/app/http/server.js';
import { staticFiles } from '../src-main/engine/transports/http/static-files.js';
import { MAIN, changeRequestBranch } from '../src-shared/sync/doc-names.js';
import { median } from './doc-store.js';
import { caller, editPages, seedSpace } from './merge.js';

const RENDERER = resolve(import.meta.dirname, '../out/renderer');
const CHROMIUM = '/usr/bin/chromium';
const TARGET_MS = 1000;

export interface ReviewScreenResult {
  pages: number;
  touched: number;
  runs: number;
  /**
   * From the tab's navigation to the review ready: every changed page listed, and the diffs of
   * those on the first screen drawn (the rest are drawn as they are scrolled to).
   */
  readyMs: number;
  /** From ready to every one of the changed pages' diffs drawn, scrolling down the review a screen at a time. */
  scrolledMs: number;
  /** The same, its first run (a cold engine and browser cache). */
  firstMs: number;
  /** From the navigation to the change request's heading: the app started and the change request read. */
  shownMs: number;
}

/**
 * The review screen of a change request touching 100 pages of a 1,000-page space (20 paragraphs
 * each, one rewritten in each page), main having moved on since in 100 others: a reviewer opens
 * it in headless Chromium, served by the engine as `npm run serve` serves the app, and the time
 * runs until the review is ready: all 100 pages listed and the diffs on the first screen drawn (the
 * rest draw as they are scrolled to; the time to scroll through them all is shown beside). Needs
 * `npm run build:renderer` and Debian's chromium.
 */
export async function benchReviewScreen(options: { pages?: number; touched?: number; runs?: number } = {}): Promise<ReviewScreenResult | undefined> {
  if (!existsSync(join(RENDERER, 'index.html')) || !existsSync(CHROMIUM)) return undefined;
  const pages = options.pages ?? 1000;
  const touched = options.touched ?? 100;
  const runs = options.runs ?? 5;
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-review-'));
  const engine = new Engine({ dataDir, serveStatic: staticFiles(RENDERER) });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const server = await listen(engine, 0);
  try {
    bootstrapIfEmpty(engine);
    const call = caller(engine, readFileSync(join(dataDir, 'token'), 'utf8').trim());
    const { spaceId, ids } = await seedSpace(engine, call, pages);
    const organizationId = (await call('GET', '/v1/orgs')).items[0].id as string;
    const changeRequest = await call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Review me' });
    editPages(engine, spaceId, changeRequestBranch(changeRequest.id as string), ids.slice(0, touched), 'rewritten for the review', 3);
    editPages(engine, spaceId, MAIN, ids.slice(touched, 2 * touched), 'main moved on', 7);
    addUser(engine, 'bench-reviewer@example.com', 'Bench Reviewer');
    addMember(engine, organizationId, 'bench-reviewer@example.com', 'review');
    const token = issueToken(engine, 'bench-reviewer@example.com') as string;
    const url = `${server.url}/?token=${encodeURIComponent(token)}#/orgs/${organizationId}/spaces/${spaceId}/change-requests/${changeRequest.number}`;
    const times: number[] = [];
    const shown: number[] = [];
    const scrolled: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const start = performance.now();
      await page.goto(url);
      await page.locator('h1', { hasText: 'Review me' }).waitFor({ timeout: 60_000 });
      shown.push(performance.now() - start);
      await page.waitForFunction(reviewReady, touched, { timeout: 60_000, polling: 'raf' });
      const ready = performance.now();
      times.push(ready - start);
      await page.evaluate(SCROLL_THROUGH);
      scrolled.push(performance.now() - ready);
      await context.close();
    }
    return { pages, touched, runs, readyMs: median(times.slice(1)), firstMs: times[0]!, shownMs: median(shown.slice(1)), scrolledMs: median(scrolled.slice(1)) };
  } finally {
    await browser.close();
    await server.close();
    engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** In the page: every changed page listed, and each one within the first two screens drawn (none of them still waiting to be scrolled to). */
function reviewReady(count: number): boolean {
  const articles = [...document.querySelectorAll('article.page-review')];
  if (articles.length < count) return false;
  const firstScreens = articles.filter((article) => article.getBoundingClientRect().top < 2 * window.innerHeight);
  return firstScreens.every((article) => article.querySelector('.review-body') !== null);
}

/**
 * In the page: scrolls to the first diff still waiting until every changed page's diff is drawn.
 * A string: tsx's names for inner functions (`__name`) do not exist in the page.
 */
const SCROLL_THROUGH = `(async () => {
  for (;;) {
    const waiting = document.querySelector('article.page-review .review-pending');
    if (!waiting) return;
    waiting.scrollIntoView();
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }
})()`;

export function report(result: ReviewScreenResult | undefined): void {
  if (!result) {
    console.log('review screen: skipped (npm run build:renderer, and Chromium at /usr/bin/chromium, are needed)');
    return;
  }
  console.log(`review screen: a reviewer opens a change request touching ${result.touched} of ${result.pages} pages in headless Chromium`);
  console.table([
    {
      'change request shown': `${result.shownMs.toFixed(0)} ms`,
      'review ready': `${result.readyMs.toFixed(0)} ms`,
      first: `${result.firstMs.toFixed(0)} ms`,
      'then scrolled through, all drawn': `${result.scrolledMs.toFixed(0)} ms`,
      [`≤ ${TARGET_MS} ms`]: result.readyMs <= TARGET_MS ? 'met' : 'NOT met',
    },
  ]);
  console.log(`median of ${result.runs - 1} loads after the first (each from navigation, in a new browser context); load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void benchReviewScreen().then(report);
