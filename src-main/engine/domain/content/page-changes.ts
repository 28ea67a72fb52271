import { readBody, writeBody, type PmNodeJson } from '../../../../src-shared/content/index.js';
import { forkBaseDoc } from './fork-base.js';
import { describeContentError, parsePageDocument, writePageBody, type PageDocument, type ParsedPage } from './page-body.js';
import { resolveMarkdownLinks } from './markdown-links.js';
import { freeSlug, slugFromTitle } from './slugs.js';
import { readPages, removeSubtree, setPageFields, type TreePage } from './tree.js';
import { newId } from '../../core/ids.js';
import { isFailure, type Failure } from '../../core/pipeline/failure.js';
import { pageDoc, treeDoc } from '../../../../src-shared/sync/doc-names.js';
import { invalidChange, type Batch, type ChangeOf } from './batch.js';
import { placement } from './placement.js';

const UNTITLED = 'Untitled';

export function insertPage(batch: Batch, index: number, change: ChangeOf<'insert_page'>): Failure | void {
  const parsed = parseDocument(batch, index, change.document);
  if (isFailure(parsed)) return parsed;
  if (change.ref !== undefined) {
    if (batch.refs.has(change.ref)) return invalidChange(index, 'ref', `the ref ${change.ref} is used twice in the batch`);
    batch.refs.add(change.ref);
  }
  const place = placement(batch, index, { into: change.into ?? null, at: change.at });
  if (isFailure(place)) return place;
  const title = parsed.meta.title ?? leadingHeading(parsed) ?? change.title ?? UNTITLED;
  const taken = batch.siblingSlugs(place.parent);
  if (change.slug !== undefined && taken.has(change.slug)) return invalidChange(index, 'slug', `a sibling page already has the slug "${change.slug}"`);
  const id = newId();
  const slug = change.slug ?? freeSlug(slugFromTitle(title), taken);
  const read = parsed.body;
  if (parsed.fromMarkdown) parsed.body = resolveMarkdownLinks(parsed.body, batch.pages(), { parent: place.parent, slug });
  setPageFields(batch.tree, id, {
    type: 'document',
    title,
    slug,
    ...place,
    ...meta(change, parsed),
    createdAt: batch.ctx.now,
  });
  // A body a worker already wrote into a new doc, when no link of it named a page of the branch.
  const built = parsed.built && parsed.body === read && batch.createPageBody(id, parsed.built);
  if (!built) {
    const written = writePageBody(batch.pageBody(id), parsed);
    if (!written.ok) return invalidChange(index, 'document', describeContentError(written.error));
  }
  batch.touched({ object: 'created_page', ref: change.ref, page: id });
}

export function updatePage(batch: Batch, index: number, change: ChangeOf<'update_page'>): Failure | void {
  const page = batch.pages().get(change.page);
  if (!page) return invalidChange(index, 'page', `no page ${change.page} in the change request`);
  const parsed = change.document === undefined ? undefined : parseDocument(batch, index, change.document);
  if (isFailure(parsed)) return parsed;
  const moved = change.into !== undefined || change.at !== undefined;
  const place = moved ? placement(batch, index, { into: change.into === undefined ? page.parent : change.into, at: change.at, moving: page.id }) : page;
  if (isFailure(place)) return place;
  const slug = change.slug ?? page.slug;
  if ((change.slug !== undefined || place.parent !== page.parent) && batch.siblingSlugs(place.parent, page.id).has(slug)) {
    return invalidChange(index, change.slug !== undefined ? 'slug' : 'into', `a sibling page already has the slug "${slug}"`);
  }
  if (parsed && page.type !== 'document') return invalidChange(index, 'document', `a ${page.type} page has no document`);
  if (parsed?.fromMarkdown) parsed.body = resolveMarkdownLinks(parsed.body, batch.pages(), { parent: place.parent, slug });
  const title = parsed?.meta.title ?? change.title;
  const fields = { ...(title !== undefined ? { title } : {}), slug, parent: place.parent, position: place.position, ...meta(change, parsed) };
  if (changesAny(page, fields)) setPageFields(batch.tree, page.id, fields);
  if (parsed) {
    const written = batch.writePageBody(page.id, parsed);
    if (!written.ok) return invalidChange(index, 'document', describeContentError(written.error));
  }
  batch.touched({ object: 'updated_page', page: page.id });
}

/**
 * The body an update would write to a document page, as `updatePage` makes it from the tree as it
 * stands (its Markdown's relative links resolved from where the update leaves the page): for a
 * worker to plan it before the request's write (write.ts). None for a change that writes no body
 * or that `updatePage` refuses; `updatePage` checks the plan is for the body it then makes.
 */
export function bodyUpdateOf(batch: Batch, change: ChangeOf<'update_page'>): { pageId: string; body: PmNodeJson; fromMarkdown: boolean } | undefined {
  const page = batch.pages().get(change.page);
  if (!page || page.type !== 'document' || change.document === undefined) return undefined;
  const parsed = parsePageDocument(change.document, batch.ctx.readMarkdown);
  if (!parsed.ok) return undefined;
  const { body, fromMarkdown } = parsed.value;
  const at = { parent: change.into === undefined ? page.parent : change.into, slug: change.slug ?? page.slug };
  return { pageId: page.id, body: fromMarkdown ? resolveMarkdownLinks(body, batch.pages(), at) : body, fromMarkdown };
}

export function deletePage(batch: Batch, index: number, change: ChangeOf<'delete_page'>): Failure | void {
  if (!batch.pages().has(change.page)) return invalidChange(index, 'page', `no page ${change.page} in the change request`);
  for (const pageId of removeSubtree(batch.tree, change.page)) batch.touched({ object: 'deleted_page', page: pageId });
}

/**
 * Puts a page back as it was at the change request's base: its place and fields in the tree and,
 * if the change request has its own copy of the body, the body. A page the change request added
 * is removed (with its subtree); one it deleted comes back.
 */
export function revertPage(batch: Batch, index: number, change: ChangeOf<'revert_page'>): Failure | void {
  const { space, branch, revisionId, changeRequest } = batch.target;
  const baseRevision = changeRequest!.revision_merged_ancestor ?? changeRequest!.revision_initial;
  if (change.revision !== undefined && change.revision !== baseRevision && change.revision !== revisionId) {
    return invalidChange(index, 'revision', "Folio reverts a page to the change request's base revision only");
  }
  if (change.block !== undefined) return invalidChange(index, 'block', 'Folio reverts whole pages only');
  const baseTree = forkBaseDoc(batch.ctx.docs, treeDoc(space.id, branch));
  const base = baseTree ? readPages(baseTree).get(change.page) : undefined;
  const current = batch.pages().get(change.page);
  if (!base && !current) return invalidChange(index, 'page', `no page ${change.page} in the change request or at its base`);
  if (!base) return deletePage(batch, index, { operation: 'delete_page', page: change.page });
  setPageFields(batch.tree, base.id, { ...emptyFields(current), ...fieldsOf(base) });
  const baseBody = forkBaseDoc(batch.ctx.docs, pageDoc(space.id, branch, base.id));
  if (baseBody) writeBody(batch.pageBody(base.id), readBody(baseBody));
  batch.touched({ object: current ? 'updated_page' : 'created_page', page: base.id });
}

function parseDocument(batch: Batch, index: number, document: PageDocument): ParsedPage | Failure {
  const parsed = parsePageDocument(document, batch.ctx.readMarkdown);
  if (parsed.ok) return parsed.value;
  // Named after what was sent: the Markdown, or the `Document`.
  const field = 'markdown' in document ? 'document.markdown' : 'document' in document ? 'document.document' : 'document';
  return invalidChange(index, field, describeContentError(parsed.error));
}

/** The fields a change sets besides title, slug and place; Markdown's front matter wins over the change's own. */
function meta(change: { emoji?: string; description?: string; hidden?: boolean }, parsed: ParsedPage | undefined): Partial<TreePage> {
  const emoji = parsed?.meta.emoji ?? change.emoji;
  const description = parsed?.meta.description ?? change.description;
  return {
    ...(emoji !== undefined ? { emoji: emoji === '' ? undefined : emoji } : {}),
    ...(description !== undefined ? { description: description === '' ? undefined : description } : {}),
    ...(change.hidden !== undefined ? { hidden: change.hidden || undefined } : {}),
  };
}

/** A Markdown page's first block, when it is a level-1 heading: Git Sync's page title. */
function leadingHeading(parsed: ParsedPage): string | undefined {
  const first = parsed.body.content?.[0];
  if (!parsed.fromMarkdown || first?.type !== 'heading' || first.attrs?.level !== 1) return undefined;
  const text = (first.content ?? []).map((node: PmNodeJson) => node.text ?? '').join('').trim();
  return text || undefined;
}

function changesAny(page: TreePage, fields: Partial<TreePage>): boolean {
  return Object.entries(fields).some(([key, value]) => page[key as keyof TreePage] !== value);
}

function fieldsOf(page: TreePage): Partial<TreePage> {
  const { id: _id, ...fields } = page;
  return fields;
}

/** Every optional field of `page` set to undefined, so that a revert removes what the base did not have. */
function emptyFields(page: TreePage | undefined): Partial<TreePage> {
  return Object.fromEntries(Object.keys(page ?? {}).filter((key) => key !== 'id').map((key) => [key, undefined]));
}
