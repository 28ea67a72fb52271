import type { z } from 'zod';
import type { ChangeRequestPageDiff, RevisionSemanticChange, RevisionSemanticChanges } from '../../../../src-shared/contract/change-request-reviews.js';
import { ownChanges, pagesNamed, readOwnChanges, type BodyShown, type MainAsJudged, type OwnChanges, type OwnFileChange, type OwnPageChange, type ShownBody } from '../content/merge/own-changes.js';
import { projectedPage, rowsBranch } from '../content/projection-sql.js';
import { childrenIndex, type TreeFile, type TreePage } from '../content/tree.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { Later } from '../../core/pipeline/later.js';
import { mergedOnto, revisionDocState } from '../revisions/revisions.js';
import type { ChangeRequestRow } from '../change-requests/sql.js';
import { toChangeRequest } from '../change-requests/serialize.js';

type Change = z.input<typeof RevisionSemanticChange>;
type ChangedPage = { id: string; type: TreePage['type']; title: string; path?: string };
type PageDiffs = { pages: z.input<typeof ChangeRequestPageDiff>[] };

/**
 * A change request's own changes (`readOwnChanges`), read in the request's transaction with the
 * paths of the pages they may name; the bodies are compared in a worker thread after it, and
 * `present` answers from them.
 */
function withOwnChanges<T>(ctx: RequestContext, changeRequest: ChangeRequestRow, shown: BodyShown, present: (own: OwnChanges, page: (tree: TreePage) => ChangedPage) => T): Later<T> {
  const spaceId = changeRequest.space_id;
  const read = readOwnChanges(ctx.docs, spaceId, changeRequest.id, mainAsJudged(ctx, changeRequest));
  const rows = rowsBranch(ctx.db, spaceId, changeRequest.id);
  const paths = new Map([...pagesNamed(read)].map((pageId) => [pageId, projectedPage(ctx.db, spaceId, rows, pageId)?.path]));
  const page = (tree: TreePage): ChangedPage => ({ id: tree.id, type: tree.type, title: tree.title, ...optional('path', paths.get(tree.id)) });
  return new Later(async () => {
    const compared = read.bodies.length === 0 ? [] : await ctx.workers.run('compareOwnBodies', { bodies: read.bodies, shown }, { lane: 'request' });
    return present(ownChanges(read, compared), page);
  });
}

/**
 * Main as the change request's own changes are told from it (`MainAsJudged`): as it is now, or,
 * for a merged change request, as the revision it was merged onto recorded it.
 */
function mainAsJudged(ctx: RequestContext, changeRequest: ChangeRequestRow): MainAsJudged {
  if (changeRequest.status !== 'merged' || changeRequest.revision_merged === null) return { stateVector: (docId) => ctx.docs.stateVector(docId), withDeletions: true };
  const onto = mergedOnto(ctx.db, changeRequest.revision_merged);
  return { stateVector: (docId) => (onto === undefined ? undefined : revisionDocState(ctx.db, onto, docId)), withDeletions: false };
}

/**
 * `…/changes`: what the change request changed against its base (`ownChanges`), as the reference's
 * semantic changes: pages created, edited (the fields that changed; `document` the body's content
 * hash before and after), deleted and moved, and files created, edited and deleted. At most
 * `limit`, `more` counting the rest.
 */
export function semanticChanges(ctx: RequestContext, changeRequest: ChangeRequestRow, limit: number): Later<z.input<typeof RevisionSemanticChanges>> {
  const mergedFrom = changeRequest.status === 'merged' ? { mergedFrom: toChangeRequest(ctx, changeRequest) } : {};
  const spaceId = changeRequest.space_id;
  const files = (own: OwnChanges) => own.files.map((change) => fileChange(ctx, spaceId, changeRequest.id, change));
  return withOwnChanges(ctx, changeRequest, 'hash', (own, page) => {
    const changes: Change[] = [...own.pages.map((change) => pageChange(change, own, page)), ...files(own)];
    return {
      ...mergedFrom,
      changes: changes.slice(0, limit),
      ...(changes.length > limit ? { more: changes.length - limit } : {}),
    };
  });
}

function pageChange(change: OwnPageChange, own: OwnChanges, page: (tree: TreePage) => ChangedPage): Change {
  if (change.kind === 'created') return { type: 'page_created', page: page(change.after!) };
  if (change.kind === 'deleted') return { type: 'page_deleted', page: page(change.before!) };
  if (change.kind === 'moved') {
    const parent = (tree: ReadonlyMap<string, TreePage>, id: string | null) => (id === null || !tree.has(id) ? undefined : page(tree.get(id)!));
    return { type: 'page_moved', page: page(change.after!), parent: { before: parent(own.base, change.before!.parent), after: parent(own.head, change.after!.parent) } };
  }
  const [before, after] = [change.before!, change.after!];
  const attributes: Record<string, { before?: string; after?: string }> = {};
  for (const field of ['title', 'description', 'slug', 'emoji'] as const) {
    if (before[field] !== after[field]) attributes[field] = { ...optional('before', before[field]), ...optional('after', after[field]) };
  }
  if (change.bodyChanged) attributes.document = { ...optional('before', change.bodies?.before?.hash), ...optional('after', change.bodies?.after?.hash) };
  return { type: 'page_edited', page: page(after), attributes };
}

function fileChange(ctx: RequestContext, spaceId: string, changeRequestId: string, change: OwnFileChange): Change {
  const file = (tree: TreeFile) => ({
    id: tree.id,
    name: tree.name,
    contentType: tree.contentType,
    downloadURL: ctx.urls.api(`/spaces/${spaceId}/change-requests/${changeRequestId}/content/files/${tree.id}/download`),
  });
  if (change.kind === 'created') return { type: 'file_created', file: file(change.after!) };
  if (change.kind === 'deleted') return { type: 'file_deleted', file: file(change.before!) };
  const [before, after] = [change.before!, change.after!];
  const attributes: Record<string, { before?: string | number; after?: string | number }> = {};
  if (before.name !== after.name) attributes.name = { before: before.name, after: after.name };
  if (before.contentType !== after.contentType) attributes.contentType = { before: before.contentType, after: after.contentType };
  if (before.size !== after.size) attributes.size = { before: before.size, after: after.size };
  return { type: 'file_edited', file: file(after), attributes };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/**
 * `…/diff` (a Folio extension): every page the change request changed against its base, in the
 * head's order (deleted pages last), with the base's and the head's body where it changed, so
 * that a review renders each page's changes from one answer.
 */
export function pageDiffs(ctx: RequestContext, changeRequest: ChangeRequestRow): Later<PageDiffs> {
  return withOwnChanges(ctx, changeRequest, 'document', (own, page) => {
    const order = readingOrder(own.head);
    const rank = (change: OwnPageChange) => (change.kind === 'deleted' ? order.size : (order.get(change.pageId) ?? order.size));
    const side = (tree: TreePage | undefined, body: ShownBody | undefined) =>
      tree ? { title: tree.title, ...(tree.type === 'document' ? optional('document', body?.document) : {}) } : null;
    const parent = (tree: ReadonlyMap<string, TreePage>, id: string | null | undefined) => (id == null || !tree.has(id) ? undefined : page(tree.get(id)!));
    return {
      pages: [...own.pages].sort((a, b) => rank(a) - rank(b) || a.pageId.localeCompare(b.pageId)).map((change) => ({
        page: page((change.after ?? change.before)!),
        change: change.kind,
        before: side(change.before, change.bodies?.before),
        after: side(change.after, change.bodies?.after),
        ...(change.kind === 'moved' ? { parent: { ...optional('before', parent(own.base, change.before?.parent)), ...optional('after', parent(own.head, change.after?.parent)) } } : {}),
      })),
    };
  });
}

/** Each page's place in its tree's reading order: depth first, siblings by position. */
function readingOrder(tree: ReadonlyMap<string, TreePage>): Map<string, number> {
  const children = childrenIndex(tree);
  const order = new Map<string, number>();
  const visit = (parent: string | null) => {
    for (const child of children.get(parent) ?? []) {
      order.set(child.id, order.size);
      visit(child.id);
    }
  };
  visit(null);
  return order;
}

