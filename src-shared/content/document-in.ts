import { hrefOf } from './link-refs.js';
import { Fragment, type Node } from 'prosemirror-model';
import type { z } from 'zod';
import { JSONDocument } from '../contract/common.js';
import { inlinesFromDocument, textOf } from './document-inline.js';
import {
  DocCode,
  DocDivider,
  DocEmbed,
  DocExpandable,
  DocFile,
  DocHeading,
  DocHint,
  DocImages,
  DocListItem,
  DocListOrdered,
  DocListTasks,
  DocListUnordered,
  DocMath,
  DocParagraph,
  DocQuote,
  DocTable,
  DocTabs,
  DocTabsItem,
} from './document-shapes.js';
import { IdAllocator } from './ids.js';
import type { PmNodeJson } from './pm-json.js';
import { fail, ok, type Result } from './result.js';
import { pageSchema } from './schema.js';

/**
 * `Document` JSON to a page body. A block keeps its `key` as its id (a missing or repeated key
 * gets a fresh one). A block the model cannot carry exactly (an unknown type, a field the model
 * has no place for, a child its container may not hold here) becomes an `opaque` node holding the
 * block verbatim, so that writing the page back loses nothing.
 */
export function documentToPm(input: unknown): Result<PmNodeJson> {
  const parsed = JSONDocument.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail({ kind: 'invalid-document', message: `${issue?.path.join('.') || 'document'}: ${issue?.message ?? 'invalid'}` });
  }
  const ids = new IdAllocator();
  return ok(pageSchema.topNodeType.create(null, blocksIn('top', parsed.data.nodes, ids)).toJSON() as PmNodeJson);
}

type Build = (raw: unknown, ids: IdAllocator) => Node | undefined;

/** Each block type the model represents: the node type it becomes, and how. */
const BLOCKS: Record<string, { node: string; build: Build }> = {
  paragraph: { node: 'paragraph', build: shaped(DocParagraph, (b, ids) => make('paragraph', {}, inlinesFromDocument(b.nodes), b.key, ids)) },
  'heading-1': { node: 'heading', build: heading },
  'heading-2': { node: 'heading', build: heading },
  'heading-3': { node: 'heading', build: heading },
  'list-unordered': { node: 'bullet_list', build: shaped(DocListUnordered, (b, ids) => list('bullet_list', {}, b.nodes, b.key, ids)) },
  'list-ordered': {
    node: 'ordered_list',
    build: shaped(DocListOrdered, (b, ids) => list('ordered_list', { start: b.data?.start ?? 1 }, b.nodes, b.key, ids)),
  },
  'list-tasks': { node: 'task_list', build: shaped(DocListTasks, (b, ids) => list('task_list', {}, b.nodes, b.key, ids)) },
  divider: { node: 'divider', build: shaped(DocDivider, (b, ids) => make('divider', {}, [], b.key, ids)) },
  code: { node: 'code_block', build: shaped(DocCode, code) },
  blockquote: { node: 'quote', build: shaped(DocQuote, (b, ids) => make('quote', {}, blocksIn('quoted', b.nodes, ids), b.key, ids)) },
  hint: { node: 'hint', build: shaped(DocHint, (b, ids) => make('hint', { style: b.data.style }, blocksIn('hinted', b.nodes, ids), b.key, ids)) },
  images: { node: 'image', build: shaped(DocImages, image) },
  file: {
    node: 'file',
    build: shaped(DocFile, (b, ids) => make('file', { fileId: b.data.ref.file, caption: captionOf(b.fragments ?? []) }, [], b.key, ids)),
  },
  table: { node: 'table', build: shaped(DocTable, table) },
  expandable: { node: 'expandable', build: shaped(DocExpandable, expandable) },
  tabs: { node: 'tabs', build: shaped(DocTabs, tabs) },
  embed: { node: 'embed', build: shaped(DocEmbed, (b, ids) => make('embed', { url: b.data.url }, [], b.key, ids)) },
  math: { node: 'math', build: shaped(DocMath, (b, ids) => make('math', { formula: b.data.formula }, [], b.key, ids)) },
};

/**
 * One block of `Document` JSON as a node: the model's own when it fits, or opaque. The Markdown
 * reader uses it for the opaque comments it reads, so that a comment holding a block the model
 * represents (written before it did, or a formula Markdown cannot carry) becomes that block.
 */
export function blockFromDocument(raw: Record<string, unknown>, ids: IdAllocator): Node {
  return blocksIn('top', [raw], ids)[0]!;
}

/** The blocks of a container whose content group is `group`; what may not stand there is kept opaque. */
function blocksIn(group: string, raws: readonly unknown[], ids: IdAllocator): Node[] {
  return raws.map((raw) => {
    const known = BLOCKS[(raw as { type?: unknown }).type as string];
    const fits = known !== undefined && pageSchema.nodes[known.node]!.isInGroup(group);
    return (fits ? known.build(raw, ids) : undefined) ?? opaque(raw, ids);
  });
}

/** The key moves to the node's id (the one place ids live here) and comes back as the key on the way out. */
function opaque(raw: unknown, ids: IdAllocator): Node {
  const { key, ...block } = raw as Record<string, unknown>;
  return pageSchema.nodes.opaque!.create({ id: ids.claim(key), block });
}

function shaped<S extends z.ZodType>(shape: S, build: (block: z.output<S>, ids: IdAllocator) => Node | undefined): Build {
  return (raw, ids) => {
    const parsed = shape.safeParse(raw);
    return parsed.success ? build(parsed.data, ids) : undefined;
  };
}

/**
 * A node, or undefined when a child could not be built or the content does not fit the type (a
 * task whose first child is not a paragraph). The id is claimed after the children, so a block
 * given up on never holds its key away from the opaque node that replaces it.
 */
function make(type: string, attrs: Record<string, unknown>, content: readonly (Node | undefined)[], key: string | undefined, ids: IdAllocator): Node | undefined {
  if (content.some((child) => child === undefined)) return undefined;
  const nodeType = pageSchema.nodes[type]!;
  const fragment = Fragment.fromArray(content as Node[]);
  if (!nodeType.validContent(fragment)) return undefined;
  return nodeType.create({ ...attrs, id: ids.claim(key) }, fragment);
}

function heading(raw: unknown, ids: IdAllocator): Node | undefined {
  const parsed = DocHeading.safeParse(raw);
  if (!parsed.success) return undefined;
  const block = parsed.data;
  return make('heading', { level: Number(block.type.slice(-1)) }, inlinesFromDocument(block.nodes), block.key, ids);
}

/** A list; only a task list's items carry `checked` (an unordered list with checkboxes stays opaque). */
function list(type: 'bullet_list' | 'ordered_list' | 'task_list', attrs: Record<string, unknown>, raws: readonly unknown[], key: string | undefined, ids: IdAllocator) {
  const tasks = type === 'task_list';
  const items = raws.map((raw) => {
    const parsed = DocListItem.safeParse(raw);
    if (!parsed.success) return undefined;
    const item = parsed.data;
    const checked = item.data?.checked;
    if (!tasks && checked !== undefined) return undefined;
    const content = blocksIn('item', item.nodes, ids);
    return tasks ? make('task_item', { checked: checked ?? false }, content, item.key, ids) : make('list_item', {}, content, item.key, ids);
  });
  return make(type, attrs, items, key, ids);
}

function code(block: z.output<typeof DocCode>, ids: IdAllocator): Node | undefined {
  const text = block.nodes.map((line) => textOf(line.nodes)).join('\n');
  return make('code_block', { language: block.data?.syntax ?? '' }, text ? [pageSchema.text(text)] : [], block.key, ids);
}

function image(block: z.output<typeof DocImages>, ids: IdAllocator): Node | undefined {
  const [inner] = block.nodes;
  // An image of a space file keeps its ref as a `folio:file/` address (link-refs.ts).
  const attrs = { src: hrefOf(inner.data.ref), alt: inner.data.alt ?? '', caption: captionOf(inner.fragments) };
  return make('image', attrs, [], block.key, ids);
}

/** The title paragraph's key becomes the title's id, as a block's key does. */
function expandable(block: z.output<typeof DocExpandable>, ids: IdAllocator): Node | undefined {
  const [title, body] = block.fragments;
  const [paragraph] = title.nodes;
  const content = blocksIn('expanded', body.nodes, ids);
  const heading = make('expandable_title', {}, inlinesFromDocument(paragraph.nodes), paragraph.key, ids);
  return make('expandable', {}, [heading, ...content], block.key, ids);
}

/** Tabs whose items are all tabs-items; anything else there keeps the whole block opaque. */
function tabs(block: z.output<typeof DocTabs>, ids: IdAllocator): Node | undefined {
  const items = block.nodes.map((raw) => {
    const parsed = DocTabsItem.safeParse(raw);
    if (!parsed.success) return undefined;
    return make('tab', { title: parsed.data.data.title }, blocksIn('tabbed', parsed.data.nodes, ids), parsed.data.key, ids);
  });
  return make('tabs', {}, items, block.key, ids);
}

function captionOf(fragments: readonly { nodes: readonly [{ nodes: Parameters<typeof textOf>[0] }] }[]): string {
  return fragments.map((fragment) => textOf(fragment.nodes[0].nodes)).join('');
}

/**
 * A table: columns from the view's order (a column id becomes its header cell's id), rows from the
 * records in `orderIndex` order (a record id becomes the row's id), and each cell from the fragment
 * its value names (the fragment name becomes the cell's id). A table whose parts do not line up
 * one to one (a hidden column, a fragment two cells share or none uses) stays opaque.
 */
function table(block: DocTable, ids: IdAllocator): Node | undefined {
  const { view, definition, records } = block.data;
  const columns = view.columns;
  const fragments = new Map(block.fragments.map((fragment) => [fragment.fragment, fragment]));
  const used = Object.values(records).flatMap((record) => Object.entries(record.values));
  const consistent =
    new Set(columns).size === columns.length &&
    Object.keys(definition).length === columns.length &&
    columns.every((column) => definition[column]?.id === column) &&
    used.every(([column, name]) => columns.includes(column) && fragments.has(name)) &&
    new Set(used.map(([, name]) => name)).size === used.length &&
    used.length === fragments.size &&
    fragments.size === block.fragments.length;
  if (!consistent) return undefined;

  const headers = columns.map((column) => {
    const { title, textAlignment } = definition[column]!;
    return make('table_header', { align: textAlignment }, title ? [pageSchema.text(title)] : [], column, ids);
  });
  const rows = Object.entries(records)
    .sort(([, a], [, b]) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0))
    .map(([recordId, record]) => {
      const cells = columns.map((column) => {
        const name = record.values[column];
        const fragment = name === undefined ? undefined : fragments.get(name);
        return make('table_cell', {}, fragment ? inlinesFromDocument(fragment.nodes[0].nodes) : [], name, ids);
      });
      return make('table_row', {}, cells, recordId, ids);
    });
  return make('table', {}, [...headers, ...rows], block.key, ids);
}
