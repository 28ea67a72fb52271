import { describe, expect, it } from 'vitest';
import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import type { BodyLinks } from '../../../../src-main/engine/services/publishing/body-links.js';
import { bodyHtml } from '../../../../src-main/engine/services/publishing/body-html.js';
import { BLOCK_EXAMPLES, MARK_EXAMPLES } from '../../../shared/content/examples.js';

const links: BodyLinks = {
  page: (pageId) => (pageId === 'known' ? '../other/' : undefined),
  file: (fileId) => (fileId === 'Fa83kd0' ? { href: '../~files/Fa83kd0/report.pdf', name: 'report.pdf' } : undefined),
  image: (src) => (src.startsWith('javascript:') ? undefined : src),
};
const html = (body: PmNodeJson) => bodyHtml(body, links);
const doc = (...content: PmNodeJson[]): PmNodeJson => ({ type: 'doc', content });
const opaque = (block: unknown): PmNodeJson => ({ type: 'opaque', attrs: { id: 'o1', block } });

describe('page body as HTML', () => {
  it('writes every mark, the link outermost', () => {
    expect(html(MARK_EXAMPLES.bold!)).toBe('<p>a <strong>bold</strong> word</p>');
    expect(html(MARK_EXAMPLES.italic!)).toBe('<p>an <em>italic</em></p>');
    expect(html(MARK_EXAMPLES.code!)).toBe('<p>run <code>npm `test`</code></p>');
    expect(html(MARK_EXAMPLES.strikethrough!)).toBe('<p><s>gone</s> now</p>');
    expect(html(MARK_EXAMPLES.link!)).toBe('<p>see <a href="https://folio.example/docs" rel="noopener noreferrer">the docs</a>.</p>');
    expect(html(MARK_EXAMPLES['nested marks']!)).toBe('<p><a href="/a"><strong>x</strong></a><a href="/a"><strong><em><code>y</code></em></strong></a></p>');
  });

  it('writes every block', () => {
    expect(html(BLOCK_EXAMPLES.paragraph!)).toBe('<p>Hello world</p>');
    expect(html(BLOCK_EXAMPLES.heading!)).toBe('<h2 id="h1">Level 1</h2>\n<h3 id="h2">Level 2</h3>\n<h4 id="h3">Level 3</h4>');
    expect(html(BLOCK_EXAMPLES['bulleted list']!)).toBe(
      '<ul>\n<li><p>one</p></li>\n<li><p>two</p>\n<ul>\n<li><p>nested</p></li>\n</ul></li>\n</ul>',
    );
    expect(html(BLOCK_EXAMPLES['numbered list']!)).toBe('<ol start="3">\n<li><p>three</p></li>\n</ol>');
    expect(html(BLOCK_EXAMPLES['task list']!)).toBe(
      '<ul class="tasks">\n<li class="task done"><label><input type="checkbox" disabled checked> done</label></li>\n' +
        '<li class="task"><label><input type="checkbox" disabled> to do</label></li>\n</ul>',
    );
    expect(html(BLOCK_EXAMPLES['code block']!)).toBe(
      '<pre data-language="ts"><code class="language-ts">const a = 1;\n\nconsole.log(`${a}`);</code></pre>',
    );
    expect(html(BLOCK_EXAMPLES.quote!)).toBe('<blockquote>\n<p>Said</p>\n<blockquote>\n<p>inner</p>\n</blockquote>\n</blockquote>');
    expect(html(BLOCK_EXAMPLES.hint!)).toContain('<div class="hint hint-warning" role="note">\n<p>warning</p>\n</div>');
    expect(html(BLOCK_EXAMPLES.table!)).toBe(
      '<div class="table"><table>\n<thead><tr><th>Name</th><th class="align-center">Role</th><th class="align-right"></th></tr></thead>\n' +
        '<tbody>\n<tr><td><strong>Ada</strong></td><td class="align-center">a | b</td><td class="align-right"></td></tr>\n</tbody>\n</table></div>',
    );
    expect(html(BLOCK_EXAMPLES.image!)).toBe('<figure><img src="https://img.example/cat.png" alt="A cat"><figcaption>Our &quot;cat&quot;</figcaption></figure>');
    expect(html(BLOCK_EXAMPLES.file!)).toBe(
      '<figure class="file"><a href="../~files/Fa83kd0/report.pdf" download>report.pdf</a><figcaption>Report {2024} &amp; more&amp;amp;</figcaption></figure>',
    );
    expect(html(BLOCK_EXAMPLES.divider!)).toBe('<p>above</p>\n<hr>\n<p>below</p>');
    expect(html(BLOCK_EXAMPLES.expandable!)).toBe(
      '<details class="expandable"><summary>More &lt;about&gt; &amp; &quot;this&quot;</summary>\n<p><strong>Hidden</strong> text</p>\n' +
        '<pre data-language="sh"><code class="language-sh">npm test</code></pre>\n</details>',
    );
    expect(html(BLOCK_EXAMPLES.tabs!)).toBe(
      '<div class="tabs">\n<section class="tab" aria-labelledby="tab-t2"><p class="tab-title" id="tab-t2">npm &quot;x&quot; {y}</p>\n<p>one</p>\n</section>\n' +
        '<section class="tab" aria-labelledby="tab-t3"><p class="tab-title" id="tab-t3"></p>\n<div class="math"><code class="language-tex">x^2</code></div>\n' +
        '<figure class="embed"><a href="https://video.example/v?a=1&amp;b=&quot;2&quot;" rel="noopener noreferrer">https://video.example/v?a=1&amp;b=&quot;2&quot;</a></figure>\n</section>\n</div>',
    );
    expect(html(doc({ type: 'embed', attrs: { id: 'e1', url: 'javascript:alert(1)' } }))).toBe('<figure class="embed">javascript:alert(1)</figure>');
  });

  it('escapes text and attributes, and drops addresses a browser must not follow', () => {
    const body = doc(
      { type: 'paragraph', attrs: { id: 'p1' }, content: [{ type: 'text', text: '<script>alert("x")</script>' }] },
      { type: 'paragraph', attrs: { id: 'p2' }, content: [{ type: 'text', text: 'click', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] },
      { type: 'image', attrs: { id: 'i1', src: 'javascript:alert(1)', alt: '"><b>', caption: '' } },
      { type: 'code_block', attrs: { id: 'c1', language: '"><x' }, content: [{ type: 'text', text: '</code>' }] },
    );
    expect(html(body)).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>\n<p>click</p>\n<figure><span class="missing">&quot;&gt;&lt;b&gt;</span></figure>\n' +
        '<pre data-language="&quot;&gt;&lt;x"><code class="language-&quot;&gt;&lt;x">&lt;/code&gt;</code></pre>',
    );
  });

  it('writes a block kept verbatim, its link to a page at the page\'s published address', () => {
    const block = {
      object: 'block',
      type: 'paragraph',
      key: 'o1',
      data: { align: 'center' },
      nodes: [
        { object: 'text', leaves: [{ object: 'leaf', text: 'go to ', marks: [{ object: 'mark', type: 'bold' }] }] },
        { object: 'inline', type: 'link', data: { ref: { kind: 'page', page: 'known' } }, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'the other page', marks: [] }] }] },
        { object: 'inline', type: 'link', data: { ref: { kind: 'page', page: 'gone' } }, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: ' (gone)', marks: [] }] }] },
      ],
    };
    expect(html(doc(opaque(block)))).toBe('<p><strong>go to </strong><a href="../other/">the other page</a> (gone)</p>');
    expect(html(doc(opaque({ object: 'block', type: 'math', isVoid: true, data: { formula: 'x' } })))).toBe('<div class="block block-math"></div>');
  });

  it('says so where a file is not published', () => {
    expect(html(doc({ type: 'file', attrs: { id: 'f1', fileId: 'other', caption: '' } }))).toBe(
      '<figure class="file"><span class="missing">a file that is not published</span></figure>',
    );
  });
});
