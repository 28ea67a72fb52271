import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentToMarkdown, markdownToDocument } from '../../../src-shared/content/document-markdown.js';
import { pmToDocument } from '../../../src-shared/content/document-out.js';
import { markdownToPm } from '../../../src-shared/content/markdown-in.js';
import { pmToMarkdown } from '../../../src-shared/content/markdown-out.js';
import type { PmNodeJson } from '../../../src-shared/content/pm-json.js';
import { body } from './arbitraries.js';
import { canonical, EXAMPLES, value, withoutIds } from './examples.js';

const toMd = (pm: PmNodeJson) => value(pmToMarkdown(pm));
const fromMd = (markdown: string) => value(markdownToPm(markdown)).body;
const shape = (pm: PmNodeJson): unknown => withoutIds(pm);
const blocks = (markdown: string) => (fromMd(markdown).content ?? []).map((node) => node.type);

describe('page body -> Markdown -> page body, ids aside', () => {
  it.each(Object.entries(EXAMPLES))('%s', (_name, pm) => {
    expect(shape(fromMd(toMd(pm)))).toEqual(shape(canonical(pm)));
  });

  it('keeps an underscore intraword after struck-through text whose next character is written as a reference', () => {
    // Found by the property below (seed 1593839138): `~~(~~&#x61;_aa_` read back with the marks reordered.
    const pm: PmNodeJson = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { id: 'p1' },
          content: [
            { type: 'text', text: '(', marks: [{ type: 'bold' }, { type: 'italic' }, { type: 'strikethrough' }] },
            { type: 'text', text: 'a_aa', marks: [{ type: 'bold' }, { type: 'italic' }] },
            { type: 'text', text: 'b_', marks: [{ type: 'italic' }] },
            { type: 'text', text: '(', marks: [{ type: 'italic' }, { type: 'strikethrough' }] },
          ],
        },
      ],
    };
    expect(shape(fromMd(toMd(pm)))).toEqual(shape(canonical(pm)));
  });

  it('holds for generated bodies', () => {
    fc.assert(
      fc.property(body, (pm) => {
        expect(shape(fromMd(toMd(pm)))).toEqual(shape(canonical(pm)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('Markdown -> page body -> Markdown', () => {
  const SAMPLES = [
    '# Title\n\nSome *text* with __bold__ and `code`.\n\n* a\n* b\n',
    '1) one\n2) two\n\n- [ ] open\n- [x] done\n',
    '> quote\n>\n> ```js\n> code in a quote\n> ```\n',
    '{% hint style="danger" %}\nCareful.\n{% endhint %}\n',
    'Text ![pic](a.png "Caption") more text\n',
    '| a | b |\n|---|:-:|\n| 1 |\n',
    '<div>raw</div>\n\n[ref]: https://x.example\n\nA [link][ref].\n',
    '#### Deep heading\n\nLine one  \nline two\n',
    '{% code title="x" %}\n```\ncode\n```\n{% endcode %}\n',
  ];

  it.each(SAMPLES)('is stable after one normalization: %j', (markdown) => {
    const once = toMd(fromMd(markdown));
    expect(toMd(fromMd(once))).toBe(once);
  });

  it('is stable after one normalization for the Markdown of generated bodies', () => {
    fc.assert(
      fc.property(body, (pm) => {
        const once = toMd(fromMd(toMd(pm)));
        expect(toMd(fromMd(once))).toBe(once);
      }),
      { numRuns: 100 },
    );
  });
});

describe('the Markdown dialect', () => {
  it('writes hints, files, images, code and tasks as the service does', () => {
    expect(toMd(EXAMPLES.hint!)).toContain('{% hint style="info" %}\n\ninfo\n\n{% endhint %}');
    expect(toMd(EXAMPLES.file!)).toBe('{% file src="Fa83kd0" %}Report &#123;2024&#125; & more&amp;amp;{% endfile %}\n');
    expect(toMd(EXAMPLES.image!)).toBe('![A cat](https://img.example/cat.png "Our \\"cat\\"")\n');
    expect(toMd(EXAMPLES['code block']!)).toMatch(/^```ts\n/);
    expect(toMd(EXAMPLES['task list']!)).toBe('* [x] done\n* [ ] to do\n');
    expect(toMd(EXAMPLES.table!)).toBe('| Name    |  Role  |    |\n| ------- | :----: | -: |\n| **Ada** | a \\| b |    |\n');
  });

  it('writes expandables, tabs, embeds and math in the service\'s syntax', () => {
    expect(toMd(EXAMPLES.expandable!)).toBe('<details>\n\n<summary>More &lt;about&gt; &amp; "this"</summary>\n\n**Hidden** text\n\n```sh\nnpm test\n```\n\n</details>\n');
    expect(toMd(EXAMPLES.tabs!)).toBe(
      '{% tabs %}\n\n{% tab title="npm &quot;x&quot; &#123;y&#125;" %}\n\none\n\n{% endtab %}\n\n{% tab title="" %}\n\n$$\nx^2\n$$\n\n' +
        '{% embed url="https://video.example/v?a=1&b=&quot;2&quot;" %}\n\n{% endtab %}\n\n{% endtabs %}\n',
    );
    expect(toMd(EXAMPLES.embed!)).toBe('{% embed url="https://www.youtube.com/watch?v=abc" %}\n');
    expect(toMd(EXAMPLES.math!)).toBe('$$\nf(x) = \\int_{-\\infty}^{\\infty} e^{2 \\pi i \\xi x}\n\\, dx\n$$\n\n* \\$$\n\n  $$\n    a\n\n  b $$\n  $$\n');
  });

  it('writes an expandable title\'s marks and links as the summary\'s inline HTML, and reads them back', () => {
    const link = { type: 'link', attrs: { href: 'https://x.example/?a=1&b="2"' } };
    const title = [
      { type: 'text', text: 'Bold', marks: [{ type: 'bold' }] },
      { type: 'text', text: ' & ' },
      { type: 'text', text: 'linked', marks: [link, { type: 'italic' }] },
      { type: 'text', text: ' <x>', marks: [{ type: 'code' }] },
    ];
    const pm: PmNodeJson = {
      type: 'doc',
      content: [{ type: 'expandable', content: [{ type: 'expandable_title', content: title }, { type: 'paragraph', content: [{ type: 'text', text: 'Body' }] }] }],
    };
    const markdown = toMd(pm);
    expect(markdown).toBe(
      '<details>\n\n<summary><strong>Bold</strong> &amp; <a href="https://x.example/?a=1&amp;b=&quot;2&quot;"><em>linked</em></a><code> &lt;x&gt;</code></summary>\n\nBody\n\n</details>\n',
    );
    expect(shape(fromMd(markdown))).toEqual(shape(canonical(pm)));
  });

  it('reads the tags the service writes in a summary, and keeps any other tag, or a closing one never opened, as text', () => {
    const title = (markdown: string) => fromMd(`<details>\n\n<summary>${markdown}</summary>\n\nBody\n\n</details>\n`).content![0]!.content![0]!.content;
    expect(title('<b>a</b><i>b</i><del>c</del><strike>d</strike>')).toEqual([
      { type: 'text', text: 'a', marks: [{ type: 'bold' }] },
      { type: 'text', text: 'b', marks: [{ type: 'italic' }] },
      { type: 'text', text: 'cd', marks: [{ type: 'strikethrough' }] },
    ]);
    expect(title('<span>x</span></em> &lt;b&gt;')).toEqual([{ type: 'text', text: '<span>x</span></em> <b>' }]);
    // Unclosed tags mark the rest; a tag twice marks once.
    expect(title('<strong><b>all</b> of it')).toEqual([{ type: 'text', text: 'all of it', marks: [{ type: 'bold' }] }]);
  });

  it('reads the service\'s compact forms: tags against each other, the summary beside <details>, one-line math', () => {
    const pm = fromMd(
      '{% tabs %}\n{% tab title="A &amp; B" %}\nFirst\n{% endtab %}\n{% tab title="2" %}\n{% embed url="https://x.example/?a=1&b=2" %}\n{% endtab %}\n{% endtabs %}\n' +
        '<details>\n<summary>Why &#x3C;this&#62;?</summary>\n\nBecause.\n\n</details>\n\n$$E = mc^2$$\n',
    );
    expect(shape(pm)).toEqual({
      type: 'doc',
      content: [
        {
          type: 'tabs',
          attrs: { id: null },
          content: [
            { type: 'tab', attrs: { id: null, title: 'A & B' }, content: [{ type: 'paragraph', attrs: { id: null }, content: [{ type: 'text', text: 'First' }] }] },
            { type: 'tab', attrs: { id: null, title: '2' }, content: [{ type: 'embed', attrs: { id: null, url: 'https://x.example/?a=1&b=2' } }] },
          ],
        },
        {
          type: 'expandable',
          attrs: { id: null },
          content: [
            { type: 'expandable_title', attrs: { id: null }, content: [{ type: 'text', text: 'Why <this>?' }] },
            { type: 'paragraph', attrs: { id: null }, content: [{ type: 'text', text: 'Because.' }] },
          ],
        },
        { type: 'math', attrs: { id: null, formula: 'E = mc^2' } },
      ],
    });
  });

  it('lifts out of tabs and expandables what they may not hold, and keeps unclosed ones as text', () => {
    // A table may not stand in a tab, tabs not in an expandable, math not in a hint.
    expect(blocks('{% tabs %}\n{% tab title="a" %}\nx\n\n| h |\n|---|\n\ny\n{% endtab %}\n{% endtabs %}\n')).toEqual(['tabs', 'table', 'tabs']);
    expect(blocks('<details>\n\n<summary>s</summary>\n\n{% tabs %}\n{% tab title="a" %}\nx\n{% endtab %}\n{% endtabs %}\n\n</details>\n')).toEqual(['expandable', 'tabs']);
    expect(blocks('{% hint style="info" %}\n$$\nx\n$$\n{% endhint %}\n')).toEqual(['math']);
    expect(blocks('{% tabs %}\n{% tab title="a" %}\nx\n')).toEqual(['paragraph', 'paragraph', 'paragraph']);
    expect(blocks('<details>\n\n<summary>s</summary>\n\nx\n')).toEqual(['paragraph', 'paragraph', 'paragraph']);
    expect(blocks('$$\nnever closed\n')).toEqual(['paragraph']);
  });

  it('reads hint and file tags written right against the text, as the service writes them', () => {
    const pm = fromMd('Intro\n{% hint style="success" %}\nInside **it**\n{% endhint %}\n{% file src="F1" %}\nA caption\n{% endfile %}\n');
    expect(shape(pm)).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { id: null }, content: [{ type: 'text', text: 'Intro' }] },
        {
          type: 'hint',
          attrs: { id: null, style: 'success' },
          content: [{ type: 'paragraph', attrs: { id: null }, content: [{ type: 'text', text: 'Inside ' }, { type: 'text', text: 'it', marks: [{ type: 'bold' }] }] }],
        },
        { type: 'file', attrs: { id: null, fileId: 'F1', caption: 'A caption' } },
      ],
    });
  });

  it('pairs nested tags, and lifts a hint out of a hint, which may not hold one', () => {
    const pm = fromMd('{% hint style="success" %}\nouter\n{% hint style="info" %}\ninner\n{% endhint %}\nafter\n{% endhint %}\n');
    expect(pm.content!.map((node) => [node.attrs!.style, node.content!.map((child) => child.content![0]!.text)])).toEqual([
      ['success', ['outer']],
      ['info', ['inner']],
      ['success', ['after']],
    ]);
  });

  it('keeps escaped, unknown and unclosed tags as text', () => {
    expect(fromMd('\\{% hint style="info" %}\n').content).toEqual([
      expect.objectContaining({ type: 'paragraph', content: [{ type: 'text', text: '{% hint style="info" %}' }] }),
    ]);
    expect(blocks('{% hint style="info" %}\nnever closed\n')).toEqual(['paragraph', 'paragraph']);
    expect(blocks('{% tabs %}\n')).toEqual(['paragraph']);
  });

  it('lifts blocks out of containers that may not hold them, keeping their content', () => {
    // A hint in a quote, code in a hint, an image in a list item.
    expect(blocks('> a\n>\n> {% hint style="info" %}\n> b\n> {% endhint %}\n>\n> c\n')).toEqual(['quote', 'hint', 'quote']);
    expect(blocks('{% hint style="info" %}\n```\nx\n```\n{% endhint %}\n')).toEqual(['code_block']);
    expect(blocks('- a\n- ![i](i.png)\n- b\n')).toEqual(['bullet_list', 'image', 'bullet_list']);
    expect(blocks('a ![i](i.png) b\n')).toEqual(['paragraph', 'image', 'paragraph']);
  });

  it('keeps opaque blocks, with their key, through a comment', () => {
    const block = { object: 'block', type: 'embed', isVoid: true, data: { url: 'x --> y', fullWidth: true } };
    const markdown = toMd({ type: 'doc', content: [{ type: 'opaque', attrs: { id: 'm1', block } }] });
    expect(markdown).toBe('<!-- folio-block {"object":"block","type":"embed","isVoid":true,"data":{"url":"x \\u002d-> y","fullWidth":true},"key":"m1"} -->\n');
    expect(fromMd(markdown)).toEqual({ type: 'doc', content: [{ type: 'opaque', attrs: { id: 'm1', block } }] });
  });

  it('reads a comment holding a block the model represents as that block, opaque where it may not stand', () => {
    const math = { object: 'block', type: 'math', isVoid: true, data: { formula: 'x' } };
    const comment = (key: string) => `<!-- folio-block ${JSON.stringify({ ...math, key })} -->`;
    expect(fromMd(`${comment('m1')}\n\n> ${comment('m2')}\n`)).toEqual({
      type: 'doc',
      content: [
        { type: 'math', attrs: { id: 'm1', formula: 'x' } },
        { type: 'quote', attrs: { id: expect.any(String) }, content: [{ type: 'opaque', attrs: { id: 'm2', block: math } }] },
      ],
    });
  });

  it('reads GFM tables padded to the header, checkboxes as tasks, and deep headings as level 3', () => {
    const table = fromMd('| a | b |\n|---|---|\n| 1 |\n').content![0]!;
    expect(table.content!.map((node) => node.type)).toEqual(['table_header', 'table_header', 'table_row']);
    expect(table.content![2]!.content).toHaveLength(2);
    expect(fromMd('- [x] done\n- plain\n').content![0]).toMatchObject({ type: 'task_list', content: [{ attrs: { checked: true } }, { attrs: { checked: false } }] });
    expect(fromMd('##### five\n').content![0]).toMatchObject({ type: 'heading', attrs: { level: 3 } });
  });
});

describe('front matter', () => {
  it('returns title, description and emoji apart from the body, and writes them back', () => {
    const page = value(markdownToPm('---\ntitle: Getting started\ndescription: First steps\nemoji: "🚀"\nother: kept out\n---\n\nBody\n'));
    expect(page.meta).toEqual({ title: 'Getting started', description: 'First steps', emoji: '🚀' });
    expect(page.body.content).toHaveLength(1);
    expect(value(pmToMarkdown(page.body, page.meta))).toBe('---\ntitle: Getting started\ndescription: First steps\nemoji: 🚀\n---\n\nBody\n');
  });

  it('refuses front matter that is not a mapping of text', () => {
    expect(markdownToPm('---\n- a\n---\n')).toMatchObject({ ok: false, error: { kind: 'invalid-front-matter' } });
    expect(markdownToPm('---\ntitle: [a\n---\n')).toMatchObject({ ok: false, error: { kind: 'invalid-front-matter' } });
    expect(markdownToPm('---\ntitle: {a: 1}\n---\n')).toMatchObject({ ok: false, error: { kind: 'invalid-front-matter' } });
  });
});

describe('Document <-> Markdown', () => {
  it('goes through the page body both ways', () => {
    const document = value(pmToDocument(EXAMPLES.hint!));
    const markdown = value(documentToMarkdown(document, { title: 'Hints' }));
    expect(markdown).toMatch(/^---\ntitle: Hints\n---\n\n\{% hint style="info" %\}/);
    const back = value(markdownToDocument(markdown));
    expect(back.meta).toEqual({ title: 'Hints' });
    expect(back.document.nodes.map((node) => [node.type, (node.data as { style?: string }).style])).toEqual(
      document.nodes.map((node) => [node.type, (node.data as { style?: string }).style]),
    );
  });

  it('passes errors through', () => {
    expect(documentToMarkdown({})).toMatchObject({ ok: false, error: { kind: 'invalid-document' } });
    expect(markdownToDocument('---\n- a\n---\n')).toMatchObject({ ok: false, error: { kind: 'invalid-front-matter' } });
  });
});
