import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../support/png.js';
import { axeProblems } from './axe.js';
import { closeTabs, skipReason } from './chromium.js';
import { openApp, serveEngine, type ServedEngine } from './served-engine.js';

/** Issue 15's reader: blocks drawn as a published site draws them, a shell that stays put, a sidebar that folds away. */
describe.skipIf(skipReason)('the reader', () => {
  let served: ServedEngine;
  let browser: Browser;
  let page: Page;
  let reference: string;

  beforeAll(async () => {
    served = await serveEngine();
    const org = (await served.api('GET', '/v1/orgs')).items[0].id;
    const space = (await served.api('POST', `/v1/orgs/${org}/spaces`, { title: 'Reference' })).id;
    const changeRequest = (await served.api('POST', `/v1/spaces/${space}/change-requests`, { subject: 'Reference page' })).id;
    const content = `/v1/spaces/${space}/change-requests/${changeRequest}/content?compat=false`;
    const stored = await served.api('POST', content, { changes: [{ operation: 'insert_files', files: [{ name: 'chart.png', contentType: 'image/png', base64: png(16).toString('base64') }] }] });
    const image = stored.insertedFiles[0].downloadURL as string;
    const filler = Array.from({ length: 80 }, (_, index) => `Line ${index} of a long page.`).join('\n\n');
    const markdown = [
      'Intro.',
      '```js',
      'const answer = 42; // the answer',
      '```',
      `![A chart](${image})`,
      '- [x] Done',
      '- [ ] To do',
      '___',
      '{% hint style="warning" %}',
      'Careful.',
      '{% endhint %}',
      filler,
      '## Deep section',
      'Found by its link.',
      filler,
    ].join('\n\n');
    const added = await served.api('POST', content, { changes: [{ operation: 'insert_page', title: 'Reference', document: { markdown } }] });
    const referenceId = added.changes[0].page.id as string;
    const blocks = (await served.api('GET', `/v1/spaces/${space}/change-requests/${changeRequest}/content/page/${referenceId}`)).document.nodes as { type: string; key: string }[];
    const deep = blocks.find((node) => node.type.startsWith('heading') && JSON.stringify(node).includes('Deep section'))!.key;
    const linking = { markdown: `See [the reference](folio:page/${referenceId}) first, then [its deep section](folio:page/${referenceId}#${deep}).` };
    await served.api('POST', content, { changes: [{ operation: 'insert_page', title: 'Start here', document: linking }] });
    await served.api('POST', `/v1/spaces/${space}/change-requests/${changeRequest}/merge`);
    reference = `#/orgs/${org}/spaces/${space}/pages/${added.changes[0].page.id}`;
    ({ browser, page } = await openApp(served, reference));
    await page.locator('.page-body').waitFor();
  });

  afterAll(async () => {
    await closeTabs(browser);
    await served?.stop();
  });

  it('highlights code, shows the engine’s images, task boxes, dividers and hints', async () => {
    await page.locator('pre[data-language="js"] code.hljs .hljs-keyword').first().waitFor();
    expect(await page.locator('pre[data-language="js"] .hljs-comment').textContent()).toBe('// the answer');
    const image = page.getByRole('img', { name: 'A chart' });
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(16);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    expect(await page.getByRole('checkbox', { name: 'Done' }).count()).toBe(2);
    await page.locator('.page-body hr').waitFor();
    await page.locator('.page-body .hint-warning').getByText('Careful.').waitFor();
    expect(await axeProblems(page)).toEqual([]);
  });

  it('follows a link to another page inside the app', async () => {
    await page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem', { name: 'Start here' }).locator('.tree-row').click();
    const link = page.locator('.page-body').getByRole('link', { name: 'the reference' });
    expect(await link.getAttribute('href')).toBe(reference);
    await link.click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(reference);
    await page.getByRole('heading', { name: 'Reference', level: 2 }).waitFor();
  });

  it('follows a link to a heading of another page, and scrolls to it', async () => {
    await page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem', { name: 'Start here' }).locator('.tree-row').click();
    await page.locator('.page-body').getByRole('link', { name: 'its deep section' }).click();
    const heading = page.getByRole('heading', { name: 'Deep section' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(300);
  });

  it('keeps the bars in place when the page scrolls', async () => {
    await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    expect((await page.locator('header.bar').boundingBox())!.y).toBe(0);
  });

  it('folds the sidebar away under 900 px, and brings it back by Menu', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    const sidebar = page.getByRole('navigation', { name: 'Collections and spaces' });
    await expect.poll(() => sidebar.isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await axeProblems(page)).toEqual([]);
    await menu.click();
    await expect.poll(() => sidebar.isVisible()).toBe(false);
  });
});
