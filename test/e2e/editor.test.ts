import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addMember, addUser, issueToken } from '../../src-main/engine/app/admin/commands.js';
import { png } from '../support/png.js';
import { skipReason } from './chromium.js';
import { axeProblems } from './axe.js';
import { editorBody, editorSuite, editorSynced } from './served-engine.js';

/** Pastes files as the clipboard would hand them to the page. */
export async function pasteFiles(page: Page, files: { name: string; type: string; base64: string }[]): Promise<void> {
  await page.evaluate((given) => {
    const data = new DataTransfer();
    for (const file of given) data.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, files);
}

/** Pastes text (and HTML) as the clipboard would. */
async function pasteText(page: Page, text: string, html = ''): Promise<void> {
  await page.evaluate(
    ([plain, rich]) => {
      const data = new DataTransfer();
      data.setData('text/plain', plain!);
      if (rich) data.setData('text/html', rich);
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [text, html],
  );
}

/** Types a `/` command and takes the entry it finds first. */
async function slash(page: Page, query: string): Promise<void> {
  await page.keyboard.type(`/${query}`);
  await page.getByRole('listbox', { name: 'Insert a block' }).waitFor();
  await page.keyboard.press('Enter');
}

/** A new last line of the page, its last `words` words selected, the link field opened on them and `query` typed there. */
async function linkFieldAt(page: Page, line: string, words: number, query: string): Promise<void> {
  await editorSynced(page);
  await editorBody(page).click();
  const keys = page.keyboard;
  await keys.press('Control+End');
  await keys.press('Enter');
  await keys.type(line);
  for (let i = 0; i < words; i++) await keys.press('Control+Shift+ArrowLeft');
  await keys.press('Control+k');
  await page.getByRole('combobox', { name: 'Link address' }).fill(query);
}

describe.skipIf(skipReason)('the editor, by keyboard and the / menu', () => {
  const suite = editorSuite({ space: 'Handbook', subject: 'Write the guide', page: 'Guide' }, {});

  it('writes a page of every kind of block and reads back as the Markdown a writer expects', async () => {
    const page = await suite.open();
    await editorSynced(page);
    await editorBody(page).click();
    const keys = page.keyboard;

    await slash(page, 'h1');
    await keys.type('Getting started');
    await keys.press('Enter');
    await keys.type('Read this **first** and *slowly*.');
    await keys.press('Enter');
    await keys.type('## Steps');
    await keys.press('Enter');
    await keys.type('- Install');
    await keys.press('Enter');
    await keys.press('Tab');
    await keys.type('with care');
    await keys.press('Enter');
    await keys.press('Shift+Tab');
    await keys.type('Done');
    await keys.press('Enter');
    await keys.press('Enter');
    await keys.type('1. First');
    await keys.press('Enter');
    await keys.type('Second');
    await keys.press('Enter');
    await keys.press('Enter');
    await keys.type('[ ] Check the output');
    await keys.press('Enter');
    await keys.press('Enter');

    await slash(page, 'code python');
    await keys.type('print("hi")');
    await keys.press('Control+Enter');
    await keys.type('```js');
    await keys.press('Enter');
    await keys.type('let a = 1;');
    await keys.press('Control+Enter');

    await slash(page, 'table');
    await keys.type('Name');
    await keys.press('Tab');
    await keys.type('Role');
    await keys.press('Tab');
    await keys.type('Ada');
    await keys.press('Tab');
    await keys.type('Writer');
    await keys.press('Tab');
    await keys.type('Lin');
    await keys.press('Tab');
    await keys.type('Reviewer');
    await keys.press('ArrowDown');

    await slash(page, 'warning');
    await keys.type('Mind the gap.');
    await keys.press('Enter');
    await keys.press('Enter');

    await keys.type('> Quoted');
    await keys.press('Enter');
    await keys.press('Enter');
    await keys.type('---');
    await keys.type('See the site');
    await keys.press('Control+Shift+ArrowLeft');
    await keys.press('Control+k');
    await page.getByRole('combobox', { name: 'Link address' }).fill('https://example.org/site');
    await keys.press('Enter');
    await keys.press('End');
    await keys.press('Enter');
    await keys.type('Or [the docs](https://example.org/docs) and `code`.');
    await keys.press('Enter');

    await pasteFiles(page, [{ name: 'diagram.png', type: 'image/png', base64: png().toString('base64') }]);
    await page.locator('.image-block img[src^="blob:"]').waitFor();
    await expect.poll(() => editorBody(page).locator('.image-block img').getAttribute('alt')).toBe('diagram');
    // Stored by the engine: the image's address becomes the file's download URL.
    await expect.poll(suite.bodyMarkdown).toMatch(/!\[diagram\]\(http:\/\/127\.0\.0\.1:\d+\/v1\/spaces\/\w+\/change-requests\/\w+\/content\/files\/\w+\/download\)/);

    const markdown = (await suite.bodyMarkdown()).replace(/\(http:\/\/127\.0\.0\.1:\d+\/v1\/[^)]+\)/, '(FILE)');
    expect(markdown).toBe(
      [
        '# Getting started',
        '',
        'Read this **first** and *slowly*.',
        '',
        '## Steps',
        '',
        '* Install',
        '',
        '  * with care',
        '* Done',
        '',
        '1. First',
        '2. Second',
        '',
        '* [ ] Check the output',
        '',
        '```python',
        'print("hi")',
        '```',
        '',
        '```js',
        'let a = 1;',
        '```',
        '',
        '| Name | Role     |',
        '| ---- | -------- |',
        '| Ada  | Writer   |',
        '| Lin  | Reviewer |',
        '',
        '{% hint style="warning" %}',
        '',
        'Mind the gap.',
        '',
        '{% endhint %}',
        '',
        '> Quoted',
        '',
        '___',
        '',
        'See the [site](https://example.org/site)',
        '',
        'Or [the docs](https://example.org/docs) and `code`.',
        '',
        '![diagram](FILE)',
        '',
      ].join('\n'),
    );
    expect(await axeProblems(page)).toEqual([]);
    await page.close();
  });

  it("shows a second person's named cursor where they type", async () => {
    const served = suite.served();
    const org = (await served.api('GET', '/v1/orgs')).items[0].id as string;
    addUser(served.engine, 'lin@example.com', 'Lin Reviewer');
    addMember(served.engine, org, 'lin@example.com', 'edit');
    const token = issueToken(served.engine, 'lin@example.com') as string;
    const mine = await suite.open();
    await editorSynced(mine);
    const theirs = await suite.openAs(token);
    await editorSynced(theirs);
    await editorBody(theirs).click();
    await theirs.keyboard.press('Control+End');
    await theirs.keyboard.type(' and more');
    const cursor = mine.locator('.ProseMirror-yjs-cursor .presence-name');
    await expect.poll(() => cursor.textContent()).toBe('Lin Reviewer');
    await expect.poll(() => mine.locator('.presence .visually-hidden').textContent()).toBe('Also here: Lin Reviewer');
    // The page tree says who is on which page.
    await expect.poll(() => mine.getByRole('treeitem', { name: /Guide/ }).textContent()).toContain('Lin Reviewer is here');
    expect(await axeProblems(mine)).toEqual([]);
    await theirs.close();
    await expect.poll(() => cursor.count()).toBe(0);
    await mine.close();
  });

  it('drags a page above its sibling, moves it back by keyboard, and walks the tree as an ARIA tree', async () => {
    const served = suite.served();
    const { space, changeRequestId } = suite.page();
    const content = `/v1/spaces/${space}/change-requests/${changeRequestId}/content`;
    await served.api('POST', `${content}?compat=false`, { changes: [{ operation: 'insert_page', title: 'Second', document: {} }, { operation: 'insert_page', title: 'Third', document: {} }] });
    const order = async () => ((await served.api('GET', `${content}/pages`)).pages as { title: string }[]).map((page) => page.title);
    expect(await order()).toEqual(['Guide', 'Second', 'Third']);

    const page = await suite.open();
    const tree = page.getByRole('tree', { name: 'Pages' });
    const row = (title: string) => tree.getByRole('treeitem', { name: title }).locator('.tree-row').first();
    await row('Third').waitFor();
    await row('Third').dragTo(row('Second'), { targetPosition: { x: 20, y: 2 } });
    await expect.poll(order).toEqual(['Guide', 'Third', 'Second']);

    // Keys pressed as fast as a writer can, with no wait for the engine or a redraw: each acts
    // where the one before left the page, and the moved page keeps the focus.
    const focusedRow = () => page.evaluate(() => document.activeElement?.getAttribute('role') === 'treeitem' && document.activeElement.querySelector('.tree-row')?.textContent);
    await tree.getByRole('treeitem', { name: 'Third' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowDown');
    await page.keyboard.press('Alt+ArrowDown');
    expect(await focusedRow()).toContain('Third');
    await page.keyboard.press('Alt+ArrowRight');
    expect(await focusedRow()).toContain('Third');
    const pages = async () => (await served.api('GET', `${content}/pages`)).pages as { title: string; pages: { title: string }[] }[];
    await expect.poll(async () => (await pages()).map((one) => [one.title, one.pages.map((child) => child.title)])).toEqual([['Guide', []], ['Second', ['Third']]]);
    await expect.poll(() => tree.getByRole('treeitem', { name: 'Second' }).getAttribute('aria-expanded')).toBe('true');
    await tree.getByRole('treeitem', { name: 'Third' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Second');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tree.getByRole('treeitem', { name: 'Second' }).getAttribute('aria-expanded')).toBe('false');
    expect(await axeProblems(page)).toEqual([]);
    await page.close();
  });

  it('takes pasted Markdown and HTML tables as blocks, and refuses bad input with a message, losing nothing typed', async () => {
    const page = await suite.open();
    await editorSynced(page);
    const body = editorBody(page);
    await body.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Kept while things go wrong.');
    await page.keyboard.press('Enter');
    const notice = page.locator('.editor-notice');

    await pasteText(page, '## Pasted heading\n\n- one\n- two\n');
    await body.getByRole('heading', { name: 'Pasted heading' }).waitFor();
    const tables = await body.locator('table').count();
    await pasteText(page, 'A\tB', '<table><thead><tr><th>Name</th><th>Role</th></tr></thead><tbody><tr><td>Ada</td><td>Writer</td></tr></tbody></table>');
    await expect.poll(() => body.locator('table').count()).toBe(tables + 1);
    expect(await body.locator('table').last().locator('th').allTextContents()).toEqual(['Name', 'Role']);

    const cells = Array.from({ length: 100 }, () => `<tr>${'<td>x</td>'.repeat(100)}</tr>`).join('');
    await pasteText(page, 'x', `<table>${cells}</table>`);
    await expect.poll(() => notice.textContent()).toContain('This table has 10,000 cells');
    expect(await body.locator('table').count()).toBe(tables + 1);

    await page.keyboard.press('Control+End');
    await pasteFiles(page, [{ name: 'fake.png', type: 'image/png', base64: Buffer.from('not an image at all').toString('base64') }]);
    await expect.poll(() => notice.textContent()).toContain('"fake.png" is not an image Folio can show (image/png); nothing was inserted.');
    await page.evaluate(() => {
      const megabyte = new Uint8Array(1024 * 1024);
      const data = new DataTransfer();
      data.items.add(new File(Array.from({ length: 200 }, () => megabyte), 'video.mp4', { type: 'video/mp4' }));
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => notice.textContent()).toContain('"video.mp4" is 200 MB: Folio stores files of at most 1 MB');

    await pasteText(page, 'x', '<p>before</p><img src="https://127.0.0.1:1/missing.png" alt="missing">');
    await expect.poll(() => body.locator('.image-note').last().textContent()).toContain('This image could not be loaded from https://127.0.0.1:1/missing.png');

    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('[click](javascript:alert(1))');
    await expect.poll(() => notice.textContent()).toContain('Links to "javascript:" addresses are not allowed');
    expect(await body.locator('a[href^="javascript"]').count()).toBe(0);

    // The refused link stays as the text typed: waited for, as its last keys are saved after the notice shows.
    await expect.poll(suite.bodyMarkdown).toMatch(/click.*javascript:alert/);
    const markdown = await suite.bodyMarkdown();
    expect(markdown).toContain('Kept while things go wrong.');
    expect(markdown).toContain('## Pasted heading');
    expect(markdown).toContain('| Name | Role   |');
    expect(await axeProblems(page)).toEqual([]);
    await page.close();
  });

  it('links to another page found by its title, keeps it as a page reference, names it by its path and follows it in the app', async () => {
    const served = suite.served();
    const { space, changeRequestId, pageId } = suite.page();
    const content = `/v1/spaces/${space}/change-requests/${changeRequestId}/content`;
    const created = async (change: object) =>
      (await served.api('POST', `${content}?compat=false`, { changes: [change] })).changes.find((one: { object: string }) => one.object === 'created_page').page.id as string;
    const setup = await created({ operation: 'insert_page', title: 'Setup', document: {} });
    const install = await created({ operation: 'insert_page', title: 'Install on Linux', document: {}, into: setup });

    const page = await suite.open();
    const body = editorBody(page);
    const keys = page.keyboard;
    await linkFieldAt(page, 'Read the install steps', 2, 'linux');
    await expect.poll(() => page.getByRole('listbox', { name: 'Pages' }).getByRole('option').allTextContents()).toEqual(['Setup › Install on Linux']);
    await keys.press('Enter');

    // The API's Document holds a page reference, not an address.
    const linkRefs = async () => {
      const found: unknown[] = [];
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) node.forEach(walk);
        else if (node && typeof node === 'object') {
          const object = node as { type?: string; data?: { ref?: unknown } };
          if (object.type === 'link' && object.data?.ref) found.push(object.data.ref);
          Object.values(object).forEach(walk);
        }
      };
      walk((await served.api('GET', `${content}/page/${pageId}?format=document`)).document);
      return found;
    };
    await expect.poll(linkRefs).toContainEqual({ kind: 'page', page: install });
    expect(await body.getByRole('link', { name: 'install steps' }).count()).toBe(1);

    // In the link, its tools and its form name the page by its titles, top down.
    await keys.press('ArrowLeft');
    await expect.poll(() => page.getByRole('group', { name: 'Link' }).textContent()).toContain('Links to the page Setup › Install on Linux');
    await keys.press('Control+k');
    expect(await page.getByRole('combobox', { name: 'Link address' }).inputValue()).toBe('Setup › Install on Linux');
    expect(await axeProblems(page)).toEqual([]);
    await keys.press('Escape');

    // Ctrl-click follows it inside the app: the linked page opens in the editor.
    await body.getByRole('link', { name: 'install steps' }).click({ modifiers: ['Control'] });
    await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(new RegExp(`/pages/${install}$`));
    await page.getByRole('textbox', { name: 'Body of Install on Linux' }).waitFor();
    await page.close();
  });
});

describe.skipIf(skipReason)('the editor, for expandables, tabs, embeds and math', () => {
  const suite = editorSuite({ space: 'Guides', subject: 'Add the richer blocks', page: 'Install' }, {});

  it('inserts each from the / menu or the + handle, edits them in place, and reads back as the service writes them', async () => {
    const page = await suite.open();
    await editorSynced(page);
    const body = editorBody(page);
    await body.click();
    const keys = page.keyboard;

    // An expandable: the cursor lands in its title, Enter goes on into its body.
    await slash(page, 'expandable');
    await keys.type('Why Folio?');
    await keys.press('Enter');
    await keys.type('Because it works offline.');
    await keys.press('Control+End');

    // Tabs: the first tab's title takes the focus; Enter goes into the tab.
    await slash(page, 'tabs');
    const titles = page.getByRole('textbox', { name: 'Tab title' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Tab title');
    await keys.type('npm');
    await keys.press('Enter');
    await keys.type('npm install folio');
    await page.getByRole('button', { name: 'Add tab' }).click();
    await expect.poll(() => titles.count()).toBe(2);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Tab title');
    await keys.type('yarn');
    await keys.press('Enter');
    await keys.type('yarn add folio');
    // Renamed in place, and a third tab added then removed.
    await titles.first().fill('npm (Node)');
    await page.getByRole('button', { name: 'Add tab' }).click();
    await expect.poll(() => titles.count()).toBe(3);
    await page.getByRole('button', { name: 'Remove tab' }).nth(2).click();
    await expect.poll(() => titles.count()).toBe(2);

    // An embed asks for its address; Enter goes on below it.
    await body.click();
    await keys.press('Control+End');
    await slash(page, 'embed');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Embed address');
    await keys.type('https://www.youtube.com/watch?v=abc&t=1');
    await keys.press('Enter');
    await expect.poll(() => body.locator('.embed-card').textContent()).toBe('www.youtube.com');

    // Math from the + handle: its TeX source in a field.
    await keys.type('Energy:');
    await body.getByText('Energy:').hover();
    await page.getByRole('button', { name: 'Insert a block here' }).click();
    await keys.type('math');
    await page.getByRole('listbox', { name: 'Insert a block' }).waitFor();
    await keys.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('TeX formula');
    await keys.type('E = mc^2');
    await keys.press('Escape');

    const expected = [
      '<details>',
      '',
      '<summary>Why Folio?</summary>',
      '',
      'Because it works offline.',
      '',
      '</details>',
      '',
      '{% tabs %}',
      '',
      '{% tab title="npm (Node)" %}',
      '',
      'npm install folio',
      '',
      '{% endtab %}',
      '',
      '{% tab title="yarn" %}',
      '',
      'yarn add folio',
      '',
      '{% endtab %}',
      '',
      '{% endtabs %}',
      '',
      '{% embed url="https://www.youtube.com/watch?v=abc&t=1" %}',
      '',
      'Energy:',
      '',
      '$$',
      'E = mc^2',
      '$$',
      '',
    ].join('\n');
    await expect.poll(suite.bodyMarkdown).toBe(expected);

    // The API's Document holds the service's blocks.
    const served = suite.served();
    const { space, changeRequestId, pageId } = suite.page();
    const document = (await served.api('GET', `/v1/spaces/${space}/change-requests/${changeRequestId}/content/page/${pageId}?format=document`)).document;
    expect(document.nodes.map((node: { type: string }) => node.type)).toEqual(['expandable', 'tabs', 'embed', 'paragraph', 'math', 'paragraph']);
    expect(await axeProblems(page)).toEqual([]);
    await page.close();
  });

  it('links to a heading of another page found by its words, stored as the page and the heading\'s anchor', async () => {
    const served = suite.served();
    const { space, changeRequestId, pageId } = suite.page();
    const content = `/v1/spaces/${space}/change-requests/${changeRequestId}/content`;
    const answer = await served.api('POST', `${content}?compat=false`, {
      changes: [{ operation: 'insert_page', title: 'Install on Linux', document: { markdown: 'Intro.\n\n## Troubleshooting the daemon\n\nRestart it.\n' } }],
    });
    const linux = answer.changes.find((one: { object: string }) => one.object === 'created_page').page.id as string;
    const heading = (await served.api('GET', `${content}/page/${linux}?format=document`)).document.nodes.find((node: { type: string }) => node.type === 'heading-2');

    const page = await suite.open();
    const keys = page.keyboard;
    await linkFieldAt(page, 'When the daemon stops', 1, 'daemon');
    const options = page.getByRole('listbox', { name: 'Pages' }).getByRole('option');
    await expect.poll(() => options.allTextContents()).toEqual(['Install on Linux # Troubleshooting the daemon']);
    expect(await axeProblems(page)).toEqual([]);
    await keys.press('Enter');

    const refs = async () =>
      JSON.stringify((await served.api('GET', `${content}/page/${pageId}?format=document`)).document).match(/"ref":\{"kind":"anchor"[^}]*\}/g) ?? [];
    const anchored = [JSON.stringify({ ref: { kind: 'anchor', anchor: heading.key, page: linux } }).slice(1, -1)];
    await expect.poll(refs).toEqual(anchored);

    // Opened again, the field names the page and the heading (by the link's words), and keeps the anchor.
    await keys.press('ArrowLeft');
    await keys.press('Control+k');
    await expect.poll(() => page.getByRole('combobox', { name: 'Link address' }).inputValue()).toBe('Install on Linux # stops');
    await keys.press('Enter');
    await page.getByRole('combobox', { name: 'Link address' }).waitFor({ state: 'detached' });
    await keys.type(' again');
    await expect.poll(async () => JSON.stringify((await served.api('GET', `${content}/page/${pageId}?format=document`)).document)).toContain('again');
    expect(await refs()).toEqual(anchored);
    await page.close();
  });
});
