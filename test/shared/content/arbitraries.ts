import fc from 'fast-check';
import type { PmMarkJson, PmNodeJson } from '../../../src-shared/content/pm-json.js';
import { HINT_STYLES } from '../../../src-shared/content/schema.js';

/**
 * Generated page bodies covering every block and mark, with lists, quotes, hints, expandables and
 * tabs nested as the schema allows. Ids are assigned afterwards so that they are unique in a body.
 *
 * Text avoids `:`, `@` and `w`: GFM turns `https://…`, `www.…` and addresses into links even when
 * escaped, so such text comes back from Markdown linked (see docs/content-model.md).
 */
const CHARS = [...'abcxyzABC019 *_`~[]()#>-+!|\\<&{%}.\'"=$^'];
const chars = (minLength: number, maxLength = 12, from = CHARS) => fc.string({ unit: fc.constantFrom(...from), minLength, maxLength });
/** GFM reads `\|` in a table cell as `|`, even in inline code, so cells hold no backslash. */
const CELL_CHARS = CHARS.filter((char) => char !== '\\');
const HREFS = ['https://folio.example/a', '/relative/page', '#anchor', 'https://folio.example/q?x=(1)&y=[2]', ''];
const IMAGE_SRCS = ['https://img.example/a.png', '/assets/b c.png', 'data.png'];

type Group = 'top' | 'item' | 'quoted' | 'hinted' | 'expanded' | 'tabbed';

interface Run {
  text: string;
  marks: PmMarkJson[];
}

const run = (from: string[]): fc.Arbitrary<Run> => fc
  .record({
    text: chars(1, 8, from),
    link: fc.option(fc.constantFrom(...HREFS), { nil: undefined }),
    bold: fc.boolean(),
    italic: fc.boolean(),
    strikethrough: fc.boolean(),
    code: fc.boolean(),
  })
  .map(({ text, link, ...flags }) => ({
    text,
    marks: [
      ...(link === undefined ? [] : [{ type: 'link', attrs: { href: link } }]),
      ...(['bold', 'italic', 'strikethrough', 'code'] as const).filter((mark) => flags[mark]).map((type) => ({ type })),
    ],
  }));

/** Marked text as ProseMirror keeps it: neighbours with the same marks are one text node. */
function textNodes(runs: readonly Run[]): PmNodeJson[] {
  const out: PmNodeJson[] = [];
  for (const { text, marks } of runs) {
    const last = out.at(-1);
    if (last && JSON.stringify(last.marks ?? []) === JSON.stringify(marks)) last.text += text;
    else out.push({ type: 'text', text, ...(marks.length ? { marks } : {}) });
  }
  return out;
}

export const inlines = (minLength: number, from = CHARS) => fc.array(run(from), { minLength, maxLength: 5 }).map(textNodes);
const plain = (minLength: number) => chars(minLength, 12, CELL_CHARS).map((text) => (text ? [{ type: 'text', text }] : []));

const paragraph = inlines(1).map((content) => ({ type: 'paragraph', content }));
const heading = fc.tuple(fc.constantFrom(1, 2, 3), inlines(1)).map(([level, content]) => ({ type: 'heading', attrs: { level }, content }));
const divider = fc.constant({ type: 'divider' });
const code = fc
  .tuple(fc.constantFrom('', 'js', 'c++', 'shell-session'), fc.string({ unit: fc.constantFrom(...CHARS, '\n', '`', '~'), maxLength: 30 }))
  .map(([language, text]) => ({ type: 'code_block', attrs: { language }, content: text ? [{ type: 'text', text }] : [] }));
const image = fc
  .record({ src: fc.constantFrom(...IMAGE_SRCS), alt: chars(0), caption: chars(0) })
  .map((attrs) => ({ type: 'image', attrs }));
const file = fc
  .record({ fileId: fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), caption: fc.string({ unit: fc.constantFrom(...CHARS, '\n'), maxLength: 12 }) })
  .map((attrs) => ({ type: 'file', attrs }));
const table = fc
  .tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 3 }))
  .chain(([columns, rows]) =>
    fc.tuple(
      fc.array(fc.tuple(fc.constantFrom('left', 'center', 'right'), plain(0)), { minLength: columns, maxLength: columns }),
      fc.array(fc.array(inlines(0, CELL_CHARS), { minLength: columns, maxLength: columns }), { minLength: rows, maxLength: rows }),
    ),
  )
  .map(([headers, rows]) => ({
    type: 'table',
    content: [
      ...headers.map(([align, content]) => ({ type: 'table_header', attrs: { align }, content })),
      ...rows.map((cells) => ({ type: 'table_row', content: cells.map((content) => ({ type: 'table_cell', content })) })),
    ],
  }));

const lines = (maxLength: number) => fc.string({ unit: fc.constantFrom(...CHARS, '\n', '$$', ' '), maxLength });
const math = lines(24).map((formula) => ({ type: 'math', attrs: { formula } }));
const embed = fc.oneof(fc.constantFrom('https://www.youtube.com/watch?v=abc', ''), lines(12)).map((url) => ({ type: 'embed', attrs: { url } }));

/** Blocks the model does not represent, as the service would send them. */
export const OPAQUE_BLOCKS = [
  { object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'url', url: 'a--b <x> -->' } } },
  { object: 'block', type: 'hint', data: { style: 'info', icon: 'star' }, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'with an icon', marks: [] }] }] }] },
  { object: 'block', type: 'embed', isVoid: true, data: { url: 'https://video.example/1', fullWidth: true } },
];
const opaque = fc.constantFrom(...OPAQUE_BLOCKS).map((block) => ({ type: 'opaque', attrs: { block } }));

function block(group: Group, depth: number): fc.Arbitrary<PmNodeJson> {
  const leaves: fc.Arbitrary<PmNodeJson>[] = [paragraph, heading, divider, opaque];
  if (group !== 'quoted' && group !== 'hinted') leaves.push(code);
  if (group !== 'quoted' && group !== 'tabbed') leaves.push(table);
  if (group === 'top' || group === 'expanded' || group === 'tabbed') leaves.push(image);
  if (group === 'top' || group === 'tabbed') leaves.push(file, embed);
  if (group === 'top' || group === 'item' || group === 'tabbed') leaves.push(math);
  if (depth === 0) return fc.oneof(...leaves);
  const inner = (of: Group) => fc.array(block(of, depth - 1), { minLength: 1, maxLength: 3 });
  const items = (type: string) => fc.array(inner('item').map((content) => ({ type, content })), { minLength: 1, maxLength: 3 });
  const containers: fc.Arbitrary<PmNodeJson>[] = [
    items('list_item').map((content) => ({ type: 'bullet_list', content })),
    fc.tuple(fc.integer({ min: 0, max: 12 }), items('list_item')).map(([start, content]) => ({ type: 'ordered_list', attrs: { start }, content })),
    fc
      .array(fc.tuple(fc.boolean(), paragraph, fc.array(block('item', depth - 1), { maxLength: 2 })), { minLength: 1, maxLength: 3 })
      .map((tasks) => ({
        type: 'task_list',
        content: tasks.map(([checked, first, rest]) => ({ type: 'task_item', attrs: { checked }, content: [first, ...rest] })),
      })),
  ];
  if (group !== 'hinted') containers.push(inner('quoted').map((content) => ({ type: 'quote', content })));
  if (group !== 'quoted' && group !== 'hinted') {
    containers.push(fc.tuple(fc.constantFrom(...HINT_STYLES), inner('hinted')).map(([style, content]) => ({ type: 'hint', attrs: { style }, content })));
  }
  if (group === 'top') {
    containers.push(
      // A title of plain lines (line breaks and all), or of marked text and links.
      fc.tuple(fc.oneof(lines(12).map((text) => (text ? [{ type: 'text', text }] : [])), inlines(0)), inner('expanded')).map(([title, content]) => ({
        type: 'expandable',
        content: [{ type: 'expandable_title', content: title }, ...content],
      })),
      fc
        .array(fc.tuple(lines(8), inner('tabbed')).map(([title, content]) => ({ type: 'tab', attrs: { title }, content })), { minLength: 1, maxLength: 3 })
        .map((content) => ({ type: 'tabs', content })),
    );
  }
  return fc.oneof({ depthSize: 'small' }, ...leaves, ...containers);
}

/** Gives every block a unique id, in document order. */
export function withIds(doc: PmNodeJson): PmNodeJson {
  let next = 0;
  const visit = (node: PmNodeJson): PmNodeJson => {
    if (node.type === 'text') return node;
    const content = node.content?.map(visit);
    return { ...node, attrs: { ...node.attrs, id: `b${(next++).toString(36)}` }, ...(content ? { content } : {}) };
  };
  return { type: 'doc', content: (doc.content ?? []).map(visit) };
}

export const body = fc.array(block('top', 2), { maxLength: 6 }).map((content) => withIds({ type: 'doc', content }));
