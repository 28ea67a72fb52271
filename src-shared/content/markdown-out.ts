import type { BlockContent, ListItem, PhrasingContent, RootContent, TableRow } from 'mdast';
import { frontmatterToMarkdown } from 'mdast-util-frontmatter';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { defaultHandlers, toMarkdown, type Handle, type Options } from 'mdast-util-to-markdown';
import type { Mark, Node } from 'prosemirror-model';
import { writeFrontMatter, type PageMeta } from './front-matter.js';
import {
  DETAILS_CLOSE,
  DETAILS_OPEN,
  embedLine,
  fileLine,
  HINT_CLOSE,
  hintOpen,
  opaqueComment,
  TAB_CLOSE,
  tabOpen,
  TABS_CLOSE,
  TABS_OPEN,
} from './markdown-dialect.js';
import { mathLines } from './markdown-math.js';
import { summaryLine } from './summary-html.js';
import { parsePm, type PmNodeJson } from './pm-json.js';
import { ok, type Result } from './result.js';
import { pageSchema, type Alignment, type HintStyle } from './schema.js';
import { rectangularTables } from './table-shape.js';

/**
 * Text as the library writes it, except beside a `~~` marker. The library may write the character
 * next to an emphasis marker as a reference (`~~(~~&#x61;`), which makes an underscore after it
 * no longer intraword (`&#x61;_aa` opens emphasis); it guards that case for `*` and `_` markers
 * only. Showing it `*` in place of `~` (no other escape rule depends on either) gives the
 * strikethrough marker the same guard.
 */
const textBesideStrikethrough: Handle = (node, parent, state, info) =>
  defaultHandlers.text(node, parent, state, {
    ...info,
    before: info.before.endsWith('~') ? `${info.before.slice(0, -1)}*` : info.before,
    after: info.after.startsWith('~') ? `*${info.after.slice(1)}` : info.after,
  });

const OPTIONS: Options = {
  extensions: [gfmToMarkdown(), frontmatterToMarkdown(['yaml'])],
  // Text that starts with `{%` would read back as a tag line (see markdown-liquid).
  unsafe: [
    { character: '{', after: '%' },
    // …and a line of text that starts with `$$` would read as block math (markdown-math).
    { character: '$', after: '\\$', atBreak: true },
  ],
  // `___` for dividers: a list whose first item is a `***` or `---` divider has to switch bullets,
  // and would then join the list before it.
  rule: '_',
  handlers: { text: textBesideStrikethrough },
};

/**
 * A page body (and the page fields for the front matter) as Markdown. Markdown has no block ids
 * and no empty paragraphs: both are left out, and `markdownToPm` gives blocks fresh ids.
 */
export function pmToMarkdown(json: PmNodeJson, meta: PageMeta = {}): Result<string> {
  const parsed = parsePm(json);
  if (!parsed.ok) return parsed;
  const checked = rectangularTables(parsed.value);
  if (!checked.ok) return checked;
  const yaml = writeFrontMatter(meta);
  const children: RootContent[] = [...(yaml === undefined ? [] : [{ type: 'yaml' as const, value: yaml }]), ...flowOut(checked.value)];
  return ok(toMarkdown({ type: 'root', children }, OPTIONS));
}

function flowOut(parent: Node): BlockContent[] {
  const out: BlockContent[] = [];
  parent.forEach((child) => out.push(...WRITERS[child.type.name]!(child)));
  return out;
}

const html = (value: string): BlockContent => ({ type: 'html', value });

const WRITERS: Record<string, (node: Node) => BlockContent[]> = {
  paragraph: (node) => (node.childCount === 0 ? [] : [{ type: 'paragraph', children: phrasingOut(node) }]),
  heading: (node) => [{ type: 'heading', depth: node.attrs.level as 1 | 2 | 3, children: phrasingOut(node) }],
  bullet_list: (node) => [{ type: 'list', ordered: false, spread: false, children: itemsOut(node) }],
  ordered_list: (node) => [{ type: 'list', ordered: true, start: node.attrs.start as number, spread: false, children: itemsOut(node) }],
  task_list: (node) => [{ type: 'list', ordered: false, spread: false, children: itemsOut(node) }],
  divider: () => [{ type: 'thematicBreak' }],
  code_block: (node) => [{ type: 'code', lang: (node.attrs.language as string) || null, meta: null, value: node.textContent }],
  quote: (node) => [{ type: 'blockquote', children: flowOut(node) }],
  hint: (node) => [html(hintOpen(node.attrs.style as HintStyle)), ...flowOut(node), html(HINT_CLOSE)],
  image: (node) => {
    const { src, alt, caption } = node.attrs as { src: string; alt: string; caption: string };
    return [{ type: 'paragraph', children: [{ type: 'image', url: src, alt, title: caption || null }] }];
  },
  file: (node) => [html(fileLine(node.attrs.fileId as string, node.attrs.caption as string))],
  table: tableOut,
  expandable: (node) => {
    const body: BlockContent[] = [];
    node.forEach((child, _offset, i) => {
      if (i > 0) body.push(...WRITERS[child.type.name]!(child));
    });
    return [html(DETAILS_OPEN), html(summaryLine(node.firstChild!)), ...body, html(DETAILS_CLOSE)];
  },
  tabs: (node) => [html(TABS_OPEN), ...flowOut(node), html(TABS_CLOSE)],
  tab: (node) => [html(tabOpen(node.attrs.title as string)), ...flowOut(node), html(TAB_CLOSE)],
  embed: (node) => [html(embedLine(node.attrs.url as string))],
  math: (node) => {
    const formula = node.attrs.formula as string;
    // A formula with a line of its own `$$` would end the block early: it goes as the block's JSON.
    const lines = mathLines(formula);
    return [html(lines ?? opaqueComment({ object: 'block', type: 'math', isVoid: true, data: { formula }, key: node.attrs.id as string }))];
  },
  opaque: (node) => [html(opaqueComment({ ...(node.attrs.block as object), key: node.attrs.id as string }))],
};

/** A list item with more than one child is spread, so that its paragraphs stay apart. */
function itemsOut(list: Node): ListItem[] {
  const items: ListItem[] = [];
  list.forEach((item) => {
    const checked = item.type.name === 'task_item' ? (item.attrs.checked as boolean) : null;
    items.push({ type: 'listItem', spread: item.childCount > 1, checked, children: flowOut(item) });
  });
  return items;
}

function tableOut(table: Node): BlockContent[] {
  const align: (Alignment | null)[] = [];
  const header: TableRow = { type: 'tableRow', children: [] };
  const rows: TableRow[] = [header];
  table.forEach((child) => {
    if (child.type.name === 'table_header') {
      const alignment = child.attrs.align as Alignment;
      // Left is how a column without alignment reads, so it is written without one.
      align.push(alignment === 'left' ? null : alignment);
      header.children.push({ type: 'tableCell', children: keepEdges(child.textContent ? [{ type: 'text', value: child.textContent }] : []) });
      return;
    }
    const row: TableRow = { type: 'tableRow', children: [] };
    child.forEach((cell) => row.children.push({ type: 'tableCell', children: keepEdges(phrasingOut(cell)) }));
    rows.push(row);
  });
  return [{ type: 'table', align, children: rows }];
}

/**
 * GFM trims the white space at both ends of a cell, so a cell's first and last characters, when
 * white space in plain text, are written as character references. (Marked text at the edges is
 * already written that way by mdast-util-to-markdown.)
 */
function keepEdges(children: PhrasingContent[]): PhrasingContent[] {
  const reference = (char: string): PhrasingContent => ({ type: 'html', value: `&#x${char.codePointAt(0)!.toString(16).toUpperCase()};` });
  const out = [...children];
  const first = out[0];
  if (first?.type === 'text' && /^\s/.test(first.value)) out.splice(0, 1, reference(first.value[0]!), { type: 'text', value: first.value.slice(1) });
  const last = out.at(-1);
  if (last?.type === 'text' && /\s$/.test(last.value)) out.splice(-1, 1, { type: 'text', value: last.value.slice(0, -1) }, reference(last.value.at(-1)!));
  return out.filter((child) => child.type !== 'text' || child.value !== '');
}

/** Marks outermost first; `code` last, as inline code holds text only. */
const MARK_ORDER = Object.keys(pageSchema.marks);

/**
 * Flat marked text to nested phrasing: at each level, consecutive texts that share that level's
 * mark (with the same address, for links) are wrapped once, so `**a _b_**` stays one strong node.
 */
function phrasingOut(block: Node): PhrasingContent[] {
  const texts: Node[] = [];
  block.forEach((text) => texts.push(text));
  return nest(texts, 0);
}

function nest(texts: readonly Node[], level: number): PhrasingContent[] {
  const kind = MARK_ORDER[level];
  if (kind === undefined) return texts.map((text) => ({ type: 'text', value: text.text ?? '' }));
  const out: PhrasingContent[] = [];
  for (let start = 0; start < texts.length; ) {
    const mark = markOf(texts[start]!, kind);
    let end = start + 1;
    while (end < texts.length && sameMark(markOf(texts[end]!, kind), mark)) end++;
    const run = texts.slice(start, end);
    out.push(...(mark ? [wrap(mark, run, level)] : nest(run, level + 1)));
    start = end;
  }
  return out;
}

const markOf = (text: Node, kind: string): Mark | undefined => text.marks.find((mark) => mark.type.name === kind);
const sameMark = (a: Mark | undefined, b: Mark | undefined) => (a && b ? a.eq(b) : a === b);

function wrap(mark: Mark, run: readonly Node[], level: number): PhrasingContent {
  const inner = () => nest(run, level + 1);
  switch (mark.type.name) {
    case 'link':
      return { type: 'link', url: mark.attrs.href as string, title: null, children: inner() };
    case 'bold':
      return { type: 'strong', children: inner() };
    case 'italic':
      return { type: 'emphasis', children: inner() };
    case 'strikethrough':
      return { type: 'delete', children: inner() };
    default:
      // `code`, the innermost: inline code holds text only.
      return { type: 'inlineCode', value: run.map((text) => text.text ?? '').join('') };
  }
}
