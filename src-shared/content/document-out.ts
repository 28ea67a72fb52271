import { refOf } from './link-refs.js';
import type { Node } from 'prosemirror-model';
import { inlinesToDocument, plainText } from './document-inline.js';
import { newBlockId } from './ids.js';
import { parsePm, type PmNodeJson } from './pm-json.js';
import { ok, type Result } from './result.js';
import { rectangularTables } from './table-shape.js';

/** A block of the API `Document` as written here (the contract's `JSONDocument` accepts it). */
export interface DocumentBlockJson {
  object: string;
  type?: string;
  key?: string;
  isVoid?: boolean;
  data?: Record<string, unknown>;
  nodes?: unknown[];
  [field: string]: unknown;
}

export interface DocumentJson {
  object: 'document';
  data: Record<string, unknown>;
  nodes: DocumentBlockJson[];
}

/** A page body as the API's `Document` JSON; each block's id is its `key`. */
export function pmToDocument(json: PmNodeJson): Result<DocumentJson> {
  const parsed = parsePm(json);
  if (!parsed.ok) return parsed;
  const checked = rectangularTables(parsed.value);
  if (!checked.ok) return checked;
  return ok({ object: 'document', data: {}, nodes: blocksOut(checked.value) });
}

type Out = Record<string, unknown>;

function blocksOut(parent: Node): DocumentBlockJson[] {
  const out: DocumentBlockJson[] = [];
  parent.forEach((child) => out.push(WRITERS[child.type.name]!(child)));
  return out;
}

/** `object`, `type` and `key` first, as the service writes them; no `key` for a block the editor has not yet given an id. */
function block(type: string, node: Node, rest: Out): DocumentBlockJson {
  const id = node.attrs.id as string | null;
  return { object: 'block', type, ...(id === null ? {} : { key: id }), ...rest };
}

const WRITERS: Record<string, (node: Node) => DocumentBlockJson> = {
  paragraph: (node) => block('paragraph', node, { data: {}, nodes: inlinesToDocument(node) }),
  heading: (node) => block(`heading-${node.attrs.level as number}`, node, { data: {}, nodes: inlinesToDocument(node) }),
  bullet_list: (node) => block('list-unordered', node, { data: {}, nodes: blocksOut(node) }),
  ordered_list: (node) => {
    const start = node.attrs.start as number;
    return block('list-ordered', node, { data: start === 1 ? {} : { start }, nodes: blocksOut(node) });
  },
  task_list: (node) => block('list-tasks', node, { data: {}, nodes: blocksOut(node) }),
  list_item: (node) => block('list-item', node, { data: {}, nodes: blocksOut(node) }),
  task_item: (node) => block('list-item', node, { data: { checked: node.attrs.checked as boolean }, nodes: blocksOut(node) }),
  divider: (node) => block('divider', node, { isVoid: true, data: {} }),
  code_block: (node) => {
    const language = node.attrs.language as string;
    const lines = node.textContent.split('\n').map((line) => ({ object: 'block', type: 'code-line', data: {}, nodes: [plainText(line)] }));
    return block('code', node, { data: language ? { syntax: language } : {}, nodes: lines });
  },
  quote: (node) => block('blockquote', node, { data: {}, nodes: blocksOut(node) }),
  hint: (node) => block('hint', node, { data: { style: node.attrs.style as string }, nodes: blocksOut(node) }),
  image: (node) => {
    const { src, alt, caption } = node.attrs as { src: string; alt: string; caption: string };
    const inner = { object: 'block', type: 'image', isVoid: true, data: { ref: imageRef(src), ...(alt ? { alt } : {}) }, fragments: captionOut(caption) };
    return block('images', node, { isVoid: false, data: {}, nodes: [inner] });
  },
  file: (node) => {
    const { fileId, caption } = node.attrs as { fileId: string; caption: string };
    return block('file', node, { isVoid: true, data: { ref: { kind: 'file', file: fileId } }, ...(caption ? { fragments: captionOut(caption) } : {}) });
  },
  table: tableOut,
  expandable: (node) => {
    const [title, ...body] = children(node);
    const paragraph = block('paragraph', title!, { data: {}, nodes: inlinesToDocument(title!) });
    const fragments = [
      { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [paragraph] },
      { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: body.map((child) => WRITERS[child.type.name]!(child)) },
    ];
    return block('expandable', node, { isVoid: true, data: {}, fragments });
  },
  tabs: (node) => block('tabs', node, { data: {}, nodes: blocksOut(node) }),
  tab: (node) => block('tabs-item', node, { data: { title: node.attrs.title as string }, nodes: blocksOut(node) }),
  embed: (node) => block('embed', node, { isVoid: true, data: { url: node.attrs.url as string } }),
  math: (node) => block('math', node, { isVoid: true, data: { formula: node.attrs.formula as string } }),
  opaque: (node) => ({ ...(node.attrs.block as DocumentBlockJson), key: node.attrs.id as string }),
};

function children(parent: Node): Node[] {
  const out: Node[] = [];
  parent.forEach((child) => out.push(child));
  return out;
}

function captionOut(caption: string): Out[] {
  if (!caption) return [];
  return [{ object: 'fragment', fragment: 'caption', nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [plainText(caption)] }] }];
}

/**
 * Header cells become text column definitions (id, title, alignment), rows become records, and
 * each cell a fragment holding one paragraph, named by the cell's id. Rows are ordered by
 * fixed-width base-36 `orderIndex` values, which sort as strings.
 */
function tableOut(node: Node): DocumentBlockJson {
  const headers: Node[] = [];
  const rows: Node[] = [];
  node.forEach((child) => (child.type.name === 'table_header' ? headers : rows).push(child));
  const columns = headers.map((header) => (header.attrs.id as string | null) ?? newBlockId());
  const definition = Object.fromEntries(
    headers.map((header, i) => [columns[i]!, { id: columns[i]!, title: header.textContent, type: 'text', textAlignment: header.attrs.align as string }]),
  );
  const fragments: Out[] = [];
  const records = Object.fromEntries(
    rows.map((row, r) => {
      const values: Record<string, string> = {};
      row.forEach((cell, _offset, c) => {
        const name = (cell.attrs.id as string | null) ?? newBlockId();
        values[columns[c]!] = name;
        fragments.push({ object: 'fragment', fragment: name, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: inlinesToDocument(cell) }] });
      });
      return [(row.attrs.id as string | null) ?? newBlockId(), { orderIndex: r.toString(36).padStart(6, '0'), values }];
    }),
  );
  return block('table', node, { isVoid: true, data: { view: { type: 'grid', columns, hideHeader: false }, records, definition }, fragments });
}

/** An image's source: an address, or a space file (`folio:file/…`). */
function imageRef(src: string): { kind: 'url'; url: string } | { kind: 'file'; file: string } {
  const ref = refOf(src);
  return ref.kind === 'file' ? ref : { kind: 'url', url: src };
}
