import type { PmNodeJson } from '../../../src-shared/content/pm-json.js';
import { pageSchema } from '../../../src-shared/content/schema.js';

/** Small page bodies, one per block and per mark, with ids. */

const t = (text: string, ...marks: PmNodeJson['marks'] & object) => ({ type: 'text', text, ...(marks.length ? { marks } : {}) });
const p = (id: string, ...content: PmNodeJson[]) => ({ type: 'paragraph', attrs: { id }, content });
const doc = (...content: PmNodeJson[]): PmNodeJson => ({ type: 'doc', content });

export const MARK_EXAMPLES: Record<string, PmNodeJson> = {
  bold: doc(p('p1', t('a '), t('bold', { type: 'bold' }), t(' word'))),
  italic: doc(p('p1', t('an '), t('italic', { type: 'italic' }))),
  code: doc(p('p1', t('run '), t('npm `test`', { type: 'code' }))),
  strikethrough: doc(p('p1', t('gone', { type: 'strikethrough' }), t(' now'))),
  link: doc(p('p1', t('see '), t('the docs', { type: 'link', attrs: { href: 'https://folio.example/docs' } }), t('.'))),
  'nested marks': doc(
    p('p1', t('x', { type: 'link', attrs: { href: '/a' } }, { type: 'bold' }), t('y', { type: 'link', attrs: { href: '/a' } }, { type: 'bold' }, { type: 'italic' }, { type: 'code' })),
  ),
};

export const BLOCK_EXAMPLES: Record<string, PmNodeJson> = {
  paragraph: doc(p('p1', t('Hello world'))),
  heading: doc(...[1, 2, 3].map((level) => ({ type: 'heading', attrs: { id: `h${level}`, level }, content: [t(`Level ${level}`)] }))),
  'bulleted list': doc({
    type: 'bullet_list',
    attrs: { id: 'l1' },
    content: [
      { type: 'list_item', attrs: { id: 'i1' }, content: [p('p1', t('one'))] },
      { type: 'list_item', attrs: { id: 'i2' }, content: [p('p2', t('two')), { type: 'bullet_list', attrs: { id: 'l2' }, content: [{ type: 'list_item', attrs: { id: 'i3' }, content: [p('p3', t('nested'))] }] }] },
    ],
  }),
  'numbered list': doc({ type: 'ordered_list', attrs: { id: 'l1', start: 3 }, content: [{ type: 'list_item', attrs: { id: 'i1' }, content: [p('p1', t('three'))] }] }),
  'task list': doc({
    type: 'task_list',
    attrs: { id: 'l1' },
    content: [
      { type: 'task_item', attrs: { id: 'i1', checked: true }, content: [p('p1', t('done'))] },
      { type: 'task_item', attrs: { id: 'i2', checked: false }, content: [p('p2', t('to do'))] },
    ],
  }),
  'code block': doc({ type: 'code_block', attrs: { id: 'c1', language: 'ts' }, content: [t('const a = 1;\n\nconsole.log(`${a}`);')] }),
  quote: doc({ type: 'quote', attrs: { id: 'q1' }, content: [p('p1', t('Said')), { type: 'quote', attrs: { id: 'q2' }, content: [p('p2', t('inner'))] }] }),
  hint: doc(
    ...(['info', 'success', 'warning', 'danger'] as const).map((style) => ({ type: 'hint', attrs: { id: `h-${style}`, style }, content: [p(`p-${style}`, t(style))] })),
  ),
  table: doc({
    type: 'table',
    attrs: { id: 't1' },
    content: [
      { type: 'table_header', attrs: { id: 'c1', align: 'left' }, content: [t('Name')] },
      { type: 'table_header', attrs: { id: 'c2', align: 'center' }, content: [t('Role')] },
      { type: 'table_header', attrs: { id: 'c3', align: 'right' }, content: [] },
      {
        type: 'table_row',
        attrs: { id: 'r1' },
        content: [
          { type: 'table_cell', attrs: { id: 'x1' }, content: [t('Ada', { type: 'bold' })] },
          { type: 'table_cell', attrs: { id: 'x2' }, content: [t('a | b')] },
          { type: 'table_cell', attrs: { id: 'x3' }, content: [] },
        ],
      },
    ],
  }),
  image: doc({ type: 'image', attrs: { id: 'i1', src: 'https://img.example/cat.png', alt: 'A cat', caption: 'Our "cat"' } }),
  file: doc({ type: 'file', attrs: { id: 'f1', fileId: 'Fa83kd0', caption: 'Report {2024} & more&amp;' } }),
  divider: doc(p('p1', t('above')), { type: 'divider', attrs: { id: 'd1' } }, p('p2', t('below'))),
  expandable: doc({
    type: 'expandable',
    attrs: { id: 'e1' },
    content: [
      { type: 'expandable_title', attrs: { id: 'e2' }, content: [t('More <about> & "this"')] },
      p('p1', t('Hidden', { type: 'bold' }), t(' text')),
      { type: 'code_block', attrs: { id: 'c1', language: 'sh' }, content: [t('npm test')] },
    ],
  }),
  tabs: doc({
    type: 'tabs',
    attrs: { id: 't1' },
    content: [
      { type: 'tab', attrs: { id: 't2', title: 'npm "x" {y}' }, content: [p('p1', t('one'))] },
      { type: 'tab', attrs: { id: 't3', title: '' }, content: [{ type: 'math', attrs: { id: 'm1', formula: 'x^2' } }, { type: 'embed', attrs: { id: 'v1', url: 'https://video.example/v?a=1&b="2"' } }] },
    ],
  }),
  embed: doc({ type: 'embed', attrs: { id: 'v1', url: 'https://www.youtube.com/watch?v=abc' } }),
  math: doc(
    { type: 'math', attrs: { id: 'm1', formula: 'f(x) = \\int_{-\\infty}^{\\infty} e^{2 \\pi i \\xi x}\n\\, dx' } },
    { type: 'bullet_list', attrs: { id: 'l1' }, content: [{ type: 'list_item', attrs: { id: 'i1' }, content: [p('p1', t('$$')), { type: 'math', attrs: { id: 'm2', formula: '  a\n\nb $$' } }] }] },
  ),
};

export const EXAMPLES = { ...MARK_EXAMPLES, ...BLOCK_EXAMPLES };

/** The JSON ProseMirror itself writes for a body: defaults filled, attributes in schema order. */
export function canonical(json: PmNodeJson): PmNodeJson {
  return pageSchema.nodeFromJSON(json).toJSON() as PmNodeJson;
}

/** The body with every id set to null, for comparing what Markdown (which has no ids) keeps. */
export function withoutIds(json: PmNodeJson): PmNodeJson {
  const content = json.content?.map(withoutIds);
  const attrs = json.attrs && 'id' in json.attrs ? { ...json.attrs, id: null } : json.attrs;
  return { ...json, ...(attrs ? { attrs } : {}), ...(content ? { content } : {}) };
}

/** Unwraps a result, failing the test with the error. */
export function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}
