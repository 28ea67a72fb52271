import type { z } from 'zod';
import type { ResolveConflictBody } from '../../../../src-shared/contract/change-request-conflicts.js';
import { newBlockId, readBody, writeBody, type PmNodeJson } from '../../../../src-shared/content/index.js';
import { describeContentError, parsePageDocument } from '../content/page-body.js';
import { blockIdOf, pathTo } from '../content/merge/place-blocks.js';
import { setBlocks } from '../content/merge/set-blocks.js';
import type { ConflictSide } from '../content/merge/conflicts.js';
import { removeSubtree, setPageFields, type TreePage } from '../content/tree.js';
import { badRequest, type Failure } from '../../core/pipeline/failure.js';
import { MAIN, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import type { Batch } from '../content/batch.js';
import { readSide, type ConflictResolution, type ConflictRow } from './sql.js';

type Resolution = z.infer<typeof ResolveConflictBody>;

/** Fields whose conflict may be settled with text: the others take a side. */
const TEXT_FIELDS = new Set(['title', 'description']);

/**
 * Writes a conflict's resolution into the change request's content through `batch`: the side kept
 * (the change request's is already there) or the content given. Answers how it was resolved, or a
 * 400 naming the field when the content does not fit; nothing is saved until the caller commits.
 */
export function applyResolution(batch: Batch, row: ConflictRow, resolution: Resolution): ConflictResolution | Failure {
  if (resolution.keep === 'change-request') return 'change-request';
  const content = resolution.keep === 'main' ? undefined : parseContent(batch, resolution);
  if (content && 'status' in content) return content;
  switch (row.kind) {
    case 'block':
      return resolveBlock(batch, row, content);
    case 'page-field':
      return resolveField(batch, row, content);
    case 'page-deleted':
      return resolvePage(batch, row, content);
  }
}

/** The content given, as a body; a 400 naming `body.document` or `body.markdown` when it is not one. */
function parseContent(batch: Batch, resolution: Resolution): PmNodeJson | Failure {
  const field = resolution.document !== undefined ? 'document' : 'markdown';
  const input = resolution.document !== undefined ? { document: resolution.document } : { markdown: resolution.markdown! };
  const parsed = parsePageDocument(input, batch.ctx.readMarkdown);
  return parsed.ok ? parsed.value.body : badRequest(`body.${field}: ${describeContentError(parsed.error)}`);
}

const contentField = (resolution: PmNodeJson | undefined) => (resolution ? 'body' : 'body.keep');

/** A block takes main's version where main has it (or goes, where main deleted it), or the blocks given, in its place. */
function resolveBlock(batch: Batch, row: ConflictRow, content: PmNodeJson | undefined): ConflictResolution | Failure {
  const { space } = batch.target;
  const body = batch.pageBody(row.page_id);
  const mainBody = readBody(batch.ctx.docs.load(pageDoc(space.id, MAIN, row.page_id)));
  const mainSide = readSide(row.main);
  const nodes = content ? withIds(content.content ?? [], row.place, readBody(body)) : sideNode(mainSide, row.place);
  const source = pathTo(mainBody, row.place) ? mainBody : (mainSide?.body ?? mainBody);
  const written = setBlocks(body, new Map([[row.place, { nodes, source }]]));
  if (!written.ok) return badRequest(`${contentField(content)}: the content does not fit where the block stands (${describeContentError(written.error)})`);
  batch.touched({ object: 'updated_page', page: row.page_id });
  return content ? 'edit' : 'main';
}

/** A field takes main's value, or (a title or a description) the text given. */
function resolveField(batch: Batch, row: ConflictRow, content: PmNodeJson | undefined): ConflictResolution | Failure {
  if (!batch.pages().has(row.page_id)) return 'main';
  let value = readSide(row.main)?.value;
  if (content) {
    if (!TEXT_FIELDS.has(row.place)) return badRequest(`body: a conflict on the page's ${row.place} is resolved with keep`);
    const text = plainText(content).trim();
    const [min, max] = row.place === 'title' ? [1, 255] : [0, 1000];
    if (text.length < min || text.length > max) return badRequest(`body: a page's ${row.place} has ${min} to ${max} characters`);
    value = text === '' ? undefined : text;
  }
  setPageFields(batch.tree, row.page_id, { [row.place]: value } as Partial<TreePage>);
  batch.touched({ object: 'updated_page', page: row.page_id });
  return content ? 'edit' : 'main';
}

/**
 * A page deleted on one side: keeping main's side deletes it (main deleted it) or brings main's page
 * back, fields and body (the change request deleted it); content given keeps the page with that body.
 */
function resolvePage(batch: Batch, row: ConflictRow, content: PmNodeJson | undefined): ConflictResolution | Failure {
  const pages = batch.pages();
  if (!content && row.deleted_on === 'main') {
    for (const pageId of removeSubtree(batch.tree, row.page_id)) batch.touched({ object: 'deleted_page', page: pageId });
    return 'main';
  }
  const mainSide = readSide(row.main);
  if (!pages.has(row.page_id)) {
    const fields = (mainSide?.value ?? readSide(row.change_request)?.value ?? readSide(row.base)?.value) as Partial<TreePage> | undefined;
    if (!fields) return badRequest('body: the page has no version left to bring back');
    const parent = typeof fields.parent === 'string' && pages.has(fields.parent) ? fields.parent : null;
    setPageFields(batch.tree, row.page_id, { ...fields, parent });
  }
  const body = content ?? mainSide?.body;
  if (body) {
    const written = writeBody(batch.pageBody(row.page_id), body);
    if (!written.ok) return badRequest(`${contentField(content)}: ${describeContentError(written.error)}`);
  }
  batch.touched({ object: pages.has(row.page_id) ? 'updated_page' : 'created_page', page: row.page_id });
  return content ? 'edit' : 'main';
}

function sideNode(side: ConflictSide | null, blockId: string): PmNodeJson[] {
  const node = side ? pathTo(side.body, blockId)?.at(-1) : undefined;
  return node ? [node] : [];
}

/**
 * The given blocks, the first taking the conflicting block's id (so comments on it stay), none
 * reusing an id the rest of the body holds.
 */
function withIds(nodes: readonly PmNodeJson[], blockId: string | undefined, body: PmNodeJson): PmNodeJson[] {
  const taken = new Set<string>();
  const collect = (node: PmNodeJson) => {
    const id = blockIdOf(node);
    if (id !== undefined && id !== blockId) taken.add(id);
    for (const child of node.content ?? []) collect(child);
  };
  collect(body);
  const fresh = (node: PmNodeJson, first: boolean): PmNodeJson => {
    if (node.type === 'text') return node;
    const id = blockIdOf(node);
    const wanted = first && blockId !== undefined ? blockId : id !== undefined && !taken.has(id) ? id : newBlockId();
    if (node.attrs && 'id' in node.attrs) taken.add(wanted);
    const attrs = node.attrs && 'id' in node.attrs ? { ...node.attrs, id: wanted } : node.attrs;
    return { ...node, ...(attrs ? { attrs } : {}), ...(node.content ? { content: node.content.map((child) => fresh(child, false)) } : {}) };
  };
  return nodes.map((node, index) => fresh(node, index === 0));
}

function plainText(body: PmNodeJson): string {
  if (body.text !== undefined) return body.text;
  return (body.content ?? []).map(plainText).join(' ');
}
