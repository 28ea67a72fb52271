import { Schema, type AttributeSpec, type DOMOutputSpec, type MarkSpec, type NodeSpec, type TagParseRule } from 'prosemirror-model';
import { newBlockId } from './ids.js';

/**
 * The page body schema. Content expressions follow the nesting the API `Document` allows
 * (`DocumentBlockQuote` holds only essentials and quotes, `DocumentBlockHint` essentials and
 * tables, a list item essentials, code, hints, quotes and tables), so that every valid body has a
 * valid `Document` form. Groups:
 * - `top`: what a page holds directly;
 * - `item`: what a list item holds;
 * - `quoted`: what a quote holds;
 * - `hinted`: what a hint holds;
 * - `expanded`: what an expandable's body holds (`DocumentBlockExpandable`'s `expandable-body`);
 * - `tabbed`: what a tab holds (`DocumentBlockTabsItem`).
 */

export const HINT_STYLES = ['info', 'success', 'warning', 'danger'] as const;
export type HintStyle = (typeof HINT_STYLES)[number];
export const ALIGNMENTS = ['left', 'center', 'right'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];
export const HEADING_LEVELS = [1, 2, 3] as const;

const ESSENTIAL = 'top item quoted hinted expanded tabbed';

/** An attribute check in ProseMirror's form: it throws, and `Node.fromJSON` turns that into a refusal. */
function must(test: (value: unknown) => boolean, what: string): (value: unknown) => void {
  return (value) => {
    if (!test(value)) throw new RangeError(`expected ${what}, got ${JSON.stringify(value)}`);
  };
}

const oneOf = (values: readonly unknown[]) => must((value) => values.includes(value), `one of ${values.join(', ')}`);

/**
 * Every block carries `id`. It defaults to null only so that editor commands that create nodes
 * without attributes (splitting a block) still work; the editor gives such blocks an id in the same
 * transaction, and every conversion here writes one.
 */
const id: AttributeSpec = { default: null, validate: 'string|null' };

/** The DOM side of a block: its id as `data-id`, other attributes as `data-*`. */
function dom(selector: string, attrs: Record<string, unknown>, hole = true): DOMOutputSpec {
  // `ul.tasks`: the element and its class, as the parse rules select it.
  const [tag = selector, className] = selector.split('.');
  const data: Record<string, string> = className ? { class: className } : {};
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== '') data[`data-${name}`] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return hole ? [tag, data, 0] : [tag, data];
}

/** Reads an attribute of a parsed element; typed structurally because this layer has no DOM types. */
function attr(element: unknown, name: string): string {
  return (element as { getAttribute(name: string): string | null }).getAttribute(name) ?? '';
}

function hasDataCells(element: unknown): boolean {
  return (element as { querySelector(selector: string): unknown }).querySelector(':scope > td') !== null;
}

/**
 * Parsed (pasted) blocks get fresh ids: a pasted copy is a new block, and keeping the source's id
 * would give two blocks one id.
 */
function parse(tag: string, read: (element: unknown) => Record<string, unknown> = () => ({})): TagParseRule[] {
  return [{ tag, getAttrs: (element) => ({ ...read(element), id: newBlockId() }) }];
}

const block = (group: string, content: string, tag: string, extra: Partial<NodeSpec> = {}): NodeSpec => ({
  group,
  content,
  attrs: { id },
  toDOM: (node) => dom(tag, node.attrs),
  parseDOM: parse(tag),
  ...extra,
});

const nodes: Record<string, NodeSpec> = {
  doc: { content: 'top*' },
  paragraph: block(ESSENTIAL, 'text*', 'p'),
  heading: {
    group: ESSENTIAL,
    content: 'text*',
    defining: true,
    attrs: { id, level: { default: 1, validate: oneOf(HEADING_LEVELS) } },
    toDOM: (node) => dom(`h${node.attrs.level as number}`, { id: node.attrs.id }),
    parseDOM: HEADING_LEVELS.flatMap((level) => parse(`h${level}`, () => ({ level }))),
  },
  bullet_list: block(ESSENTIAL, 'list_item+', 'ul'),
  ordered_list: {
    ...block(ESSENTIAL, 'list_item+', 'ol'),
    attrs: { id, start: { default: 1, validate: must((value) => Number.isInteger(value) && (value as number) >= 0, 'a whole number') } },
    parseDOM: parse('ol', (element) => ({ start: Number(attr(element, 'start') || 1) })),
  },
  task_list: block(ESSENTIAL, 'task_item+', 'ul.tasks'),
  list_item: block('', 'item+', 'li', { defining: true }),
  // A task's checkbox sits beside its first line, so a task starts with a paragraph (as in GFM).
  task_item: {
    ...block('', 'paragraph item*', 'li.task', { defining: true }),
    attrs: { id, checked: { default: false, validate: 'boolean' } },
    parseDOM: parse('li.task', (element) => ({ checked: attr(element, 'data-checked') === 'true' })),
  },
  divider: { ...block(ESSENTIAL, '', 'hr'), atom: true, toDOM: (node) => dom('hr', node.attrs, false) },
  code_block: {
    ...block('top item expanded tabbed', 'text*', 'pre', { code: true, marks: '', defining: true }),
    attrs: { id, language: { default: '', validate: 'string' } },
    parseDOM: [{ tag: 'pre', preserveWhitespace: 'full', getAttrs: (element) => ({ language: attr(element, 'data-language'), id: newBlockId() }) }],
  },
  quote: block('top item quoted expanded tabbed', 'quoted+', 'blockquote', { defining: true }),
  hint: {
    ...block('top item expanded tabbed', 'hinted+', 'aside', { defining: true }),
    attrs: { id, style: { default: 'info', validate: oneOf(HINT_STYLES) } },
    parseDOM: parse('aside', (element) => ({ style: attr(element, 'data-style') || 'info' })),
  },
  // Columns first, then rows, as the `Document` table holds definitions and records.
  table: block('top item hinted expanded', 'table_header+ table_row*', 'table', { isolating: true }),
  // A column title is plain text: the `Document` keeps it as a string.
  table_header: {
    ...block('', 'text*', 'th', { marks: '', isolating: true }),
    attrs: { id, align: { default: 'left', validate: oneOf(ALIGNMENTS) } },
    parseDOM: parse('th', (element) => ({ align: attr(element, 'data-align') || 'left' })),
  },
  table_row: {
    ...block('', 'table_cell+', 'tr'),
    // A pasted row of `<th>` (an HTML table's head) holds the table's own column titles: its
    // cells are read in place, not as a row (which may not hold them).
    parseDOM: [{ tag: 'tr', skip: true, getAttrs: (element) => (hasDataCells(element) ? false : null) }, ...parse('tr')],
  },
  table_cell: block('', 'text*', 'td', { isolating: true }),
  image: {
    group: 'top expanded tabbed',
    atom: true,
    attrs: { id, src: { validate: 'string' }, alt: { default: '', validate: 'string' }, caption: { default: '', validate: 'string' } },
    toDOM: (node) => dom('figure', node.attrs, false),
    parseDOM: parse('img', (element) => ({ src: attr(element, 'src'), alt: attr(element, 'alt') })),
  },
  file: {
    group: 'top tabbed',
    atom: true,
    attrs: { id, fileId: { validate: 'string' }, caption: { default: '', validate: 'string' } },
    toDOM: (node) => dom('figure', node.attrs, false),
  },
  /**
   * A block that shows its body on demand: a one-line title with marks (the `Document` keeps it
   * as a paragraph in the `expandable-title` fragment, Markdown as a `<summary>`'s inline HTML),
   * then the blocks of the `expandable-body` fragment.
   */
  expandable: block('top', 'expandable_title expanded+', 'div.expandable', { defining: true, isolating: true }),
  expandable_title: block('', 'text*', 'div.expandable-title', { defining: true, isolating: true }),
  /** A set of tabs, each a titled list of blocks (`tabs` of `tabs-item`). */
  tabs: block('top', 'tab+', 'div.tabs', { isolating: true }),
  tab: {
    ...block('', 'tabbed+', 'section.tab', { defining: true, isolating: true }),
    attrs: { id, title: { default: '', validate: 'string' } },
    parseDOM: parse('section.tab', (element) => ({ title: attr(element, 'data-title') })),
  },
  /** A link card to an address; the editor and published pages never load the address itself. */
  embed: {
    group: 'top tabbed',
    atom: true,
    attrs: { id, url: { validate: 'string' } },
    toDOM: (node) => dom('figure.embed', node.attrs, false),
  },
  /** A TeX formula shown as a block. */
  math: {
    group: 'top item tabbed',
    atom: true,
    attrs: { id, formula: { default: '', validate: 'string' } },
    toDOM: (node) => dom('div.math', node.attrs, false),
  },
  /**
   * A `Document` block this schema cannot represent exactly, kept verbatim in `block` so that
   * writing the page back loses nothing. Allowed wherever blocks are; the editor shows it read-only.
   */
  opaque: {
    group: 'top item quoted hinted expanded tabbed',
    atom: true,
    attrs: { id, block: { validate: must((value) => typeof value === 'object' && value !== null, 'an object') } },
    toDOM: (node) => dom('div', { id: node.attrs.id }, false),
  },
  text: {},
};

const marks: Record<string, MarkSpec> = {
  // Outermost first: PM sorts a text's marks in this order, and Markdown nests them in it.
  link: {
    attrs: { href: { validate: 'string' } },
    inclusive: false,
    toDOM: (mark) => ['a', { href: mark.attrs.href as string }, 0],
    parseDOM: [{ tag: 'a[href]', getAttrs: (element) => ({ href: attr(element, 'href') }) }],
  },
  bold: { toDOM: () => ['strong', 0], parseDOM: [{ tag: 'strong' }, { tag: 'b' }] },
  italic: { toDOM: () => ['em', 0], parseDOM: [{ tag: 'em' }, { tag: 'i' }] },
  strikethrough: { toDOM: () => ['s', 0], parseDOM: [{ tag: 's' }, { tag: 'del' }] },
  code: { toDOM: () => ['code', 0], parseDOM: [{ tag: 'code' }] },
};

export const pageSchema = new Schema({ nodes, marks });

/** Simple marks: every mark but `link`, which carries an address. */
export const SIMPLE_MARKS = ['bold', 'italic', 'strikethrough', 'code'] as const;
export type SimpleMark = (typeof SIMPLE_MARKS)[number];
