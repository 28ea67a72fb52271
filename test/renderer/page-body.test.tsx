import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { markdownToPm } from '../../src-shared/content/index.js';
import { blockLabel } from '../../src-renderer/comments/comment-target.js';
import type { RevisionPage } from '../../src-renderer/content/branch.js';
import { PageBody, safeHref } from '../../src-renderer/content/PageBody.js';
import { pageLinks, PageLinksContext } from '../../src-renderer/content/page-links.js';

function renderMarkdown(markdown: string): string {
  const page = markdownToPm(markdown);
  if (!page.ok) throw new Error(page.error.kind);
  return renderToStaticMarkup(<PageBody body={page.value.body} />);
}

describe('a page drawn for reading', () => {
  it('draws headings, marks, links, lists, tasks, code and tables', () => {
    const html = renderMarkdown(
      [
        '# Setup',
        'Install **the _client_** from [the site](https://example.com).',
        '- one',
        '- two',
        '',
        'Then:',
        '',
        '- [x] done',
        '',
        '```sh',
        'npm start',
        '```',
        '',
        '| Key | Value |',
        '| --- | ---: |',
        '| a | 1 |',
      ].join('\n'),
    );
    expect(html).toMatch(/<h1 id="[^"]+">Setup<\/h1>/);
    expect(html).toContain('<strong>the </strong><strong><em>client</em></strong>');
    expect(html).toContain('<a href="https://example.com">the site</a>');
    expect(html).toMatch(/<ul id="[^"]+"><li id="[^"]+"><p id="[^"]+">one<\/p><\/li>/);
    expect(html).toContain('<input type="checkbox" readOnly="" disabled="" aria-label="Done" checked=""/>');
    expect(html).toMatch(/<pre id="[^"]+" data-language="sh"><code>npm start<\/code><\/pre>/);
    expect(html).toContain('<th class="align-right">Value</th>');
  });

  it('draws an expandable as <details>, tabs as a tab set, an embed as a link card and math as its TeX', () => {
    const html = renderMarkdown(
      [
        '<details>', '', '<summary>More</summary>', '', 'Hidden', '', '</details>', '',
        '{% tabs %}', '{% tab title="npm" %}', 'one', '{% endtab %}', '{% tab title="yarn" %}', 'two', '{% endtab %}', '{% endtabs %}', '',
        '{% embed url="https://video.example/1" %}', '', '{% embed url="javascript:alert(1)" %}', '', '$$', 'x^2', '$$',
      ].join('\n'),
    );
    expect(html).toMatch(/<details id="[^"]+" class="expandable"><summary>More<\/summary><p id="[^"]+">Hidden<\/p><\/details>/);
    expect(html).toMatch(/<button type="button" role="tab" id="([^"]+)-tab-0" aria-selected="true" aria-controls="\1-panel-0" tabindex="0">npm<\/button>/);
    expect(html).toMatch(/role="tab" id="[^"]+-tab-1" aria-selected="false" aria-controls="[^"]+-panel-1" tabindex="-1">yarn</);
    expect(html).toMatch(/role="tabpanel" id="[^"]+-panel-1" aria-labelledby="[^"]+-tab-1" hidden="" class="tab-panel"><p id="[^"]+">two<\/p>/);
    expect(html).toContain('<a href="https://video.example/1" rel="noopener noreferrer" target="_blank">https://video.example/1</a>');
    expect(html).toContain('<a rel="noopener noreferrer" target="_blank">javascript:alert(1)</a>');
    expect(html).toMatch(/<div id="[^"]+" class="math"><code class="language-tex">x\^2<\/code><\/div>/);
  });

  it('links a page of the branch to its address in the app, and a page not there to nowhere', () => {
    const page = markdownToPm('[Install](folio:page/install) and [gone](folio:page/gone).');
    if (!page.ok) throw new Error(page.error.kind);
    const links = pageLinks([{ id: 'install', title: 'Install', type: 'document', kind: 'document', pages: [] } as unknown as RevisionPage], (id) => `#/pages/${id}`);
    const html = renderToStaticMarkup(
      <PageLinksContext.Provider value={links}>
        <PageBody body={page.value.body} />
      </PageLinksContext.Provider>,
    );
    expect(html).toContain('<a href="#/pages/install">Install</a>');
    expect(html).toContain('<a>gone</a>');
    expect(renderToStaticMarkup(<PageBody body={page.value.body} />)).not.toContain('href');
  });

  it('keeps script out of links', () => {
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('https://example.com')).toBe('https://example.com');
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('javascript:');
  });

  it('offers each top-level block to be commented on, when comments may be posted', () => {
    const page = markdownToPm('First block.\n\nSecond block.');
    if (!page.ok) throw new Error(page.error.kind);
    const html = renderToStaticMarkup(<PageBody body={page.value.body} onComment={() => undefined} />);
    expect(html.match(/class="commentable"/g)).toHaveLength(2);
    expect(html).toContain('aria-label="Comment on this block: Second block."');
    expect(blockLabel('  A  long\nline '.repeat(10))).toMatch(/^A long line A long line .{15}…$/);
    expect(blockLabel('')).toBe('an empty block');
  });

  it('draws an empty page as an empty body', () => {
    expect(renderToStaticMarkup(<PageBody body={{ type: 'doc', content: [] }} />)).toBe('<div class="page-body"></div>');
  });
});
