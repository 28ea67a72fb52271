import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';

/** Builders for page bodies in the content model's ProseMirror JSON. */
let next = 0;
const id = () => `b${(++next).toString().padStart(11, '0')}`;

export const text = (value: string, ...marks: PmNodeJson['marks'] & object): PmNodeJson =>
  marks.length > 0 ? { type: 'text', text: value, marks } : { type: 'text', text: value };
export const doc = (...content: PmNodeJson[]): PmNodeJson => ({ type: 'doc', content });
export const paragraph = (...content: PmNodeJson[]): PmNodeJson => ({ type: 'paragraph', attrs: { id: id() }, content });
export const heading = (level: number, value: string): PmNodeJson => ({ type: 'heading', attrs: { id: id(), level }, content: [text(value)] });
export const item = (...content: PmNodeJson[]): PmNodeJson => ({ type: 'list_item', attrs: { id: id() }, content });
export const task = (checked: boolean, ...content: PmNodeJson[]): PmNodeJson => ({ type: 'task_item', attrs: { id: id(), checked }, content });
export const bullets = (...items: PmNodeJson[]): PmNodeJson => ({ type: 'bullet_list', attrs: { id: id() }, content: items });
export const numbered = (start: number, ...items: PmNodeJson[]): PmNodeJson => ({ type: 'ordered_list', attrs: { id: id(), start }, content: items });
export const tasks = (...items: PmNodeJson[]): PmNodeJson => ({ type: 'task_list', attrs: { id: id() }, content: items });
export const code = (language: string, source: string): PmNodeJson => ({
  type: 'code_block', attrs: { id: id(), language }, content: source === '' ? [] : [text(source)],
});
export const quote = (...content: PmNodeJson[]): PmNodeJson => ({ type: 'quote', attrs: { id: id() }, content });
export const hint = (style: string, ...content: PmNodeJson[]): PmNodeJson => ({ type: 'hint', attrs: { id: id(), style }, content });
export const table = (headers: string[], rows: string[][], aligns: string[] = []): PmNodeJson => ({
  type: 'table',
  attrs: { id: id() },
  content: [
    ...headers.map((header, column) => ({
      type: 'table_header', attrs: { id: id(), align: aligns[column] ?? 'left' }, content: header ? [text(header)] : [],
    })),
    ...rows.map((row) => ({
      type: 'table_row',
      attrs: { id: id() },
      content: row.map((cell) => ({ type: 'table_cell', attrs: { id: id() }, content: cell ? [text(cell)] : [] })),
    })),
  ],
});
export const image = (src: string, alt = '', caption = ''): PmNodeJson => ({ type: 'image', attrs: { id: id(), src, alt, caption } });
export const file = (fileId: string, caption = ''): PmNodeJson => ({ type: 'file', attrs: { id: id(), fileId, caption } });
export const divider = (): PmNodeJson => ({ type: 'divider', attrs: { id: id() } });
export const expandable = (title: string, ...content: PmNodeJson[]): PmNodeJson => ({
  type: 'expandable', attrs: { id: id() }, content: [{ type: 'expandable_title', attrs: { id: id() }, content: [text(title)] }, ...content],
});
export const tabs = (...items: [string, ...PmNodeJson[]][]): PmNodeJson => ({
  type: 'tabs', attrs: { id: id() }, content: items.map(([title, ...content]) => ({ type: 'tab', attrs: { id: id(), title }, content })),
});
export const embed = (url: string): PmNodeJson => ({ type: 'embed', attrs: { id: id(), url } });
export const math = (formula: string): PmNodeJson => ({ type: 'math', attrs: { id: id(), formula } });

/** One body holding every block kind and mark, each with a text that says what it is. */
export function everyBlock(): PmNodeJson {
  return doc(
    heading(1, 'Heading one'),
    paragraph(
      text('Plain, '),
      text('bold', { type: 'bold' }),
      text(', '),
      text('italic', { type: 'italic' }),
      text(', '),
      text('inline code', { type: 'code' }),
      text(', '),
      text('struck', { type: 'strikethrough' }),
      text(' and '),
      text('a link', { type: 'link', attrs: { href: 'https://example.com/docs' } }),
      text('.'),
    ),
    heading(2, 'Heading two'),
    bullets(item(paragraph(text('Bullet one'))), item(paragraph(text('Bullet two')), bullets(item(paragraph(text('Nested bullet')))))),
    numbered(3, item(paragraph(text('Third step'))), item(paragraph(text('Fourth step')))),
    tasks(task(true, paragraph(text('Done task'))), task(false, paragraph(text('Open task')))),
    heading(3, 'Heading three'),
    code('typescript', 'const answer = 42;\nconsole.log(answer);'),
    quote(paragraph(text('Quoted words'))),
    hint('warning', paragraph(text('Careful hint'))),
    table(['Name', 'Role'], [['Ada', 'Engineer'], ['Grace', 'Admiral']]),
    image('https://example.com/missing.png', 'Diagram alt', 'Diagram caption'),
    file('file123', 'Spec sheet'),
    divider(),
    paragraph(text('After the divider')),
    expandable('Expandable title', paragraph(text('Expandable body'))),
    tabs(['First tab', paragraph(text('First tab body'))], ['Second tab', paragraph(text('Second tab body'))]),
    embed('https://video.example/watch?v=1'),
    math('E = mc^2'),
  );
}
