import { cutRevision } from '../revisions/revisions.js';
import { pageDoc, treeDoc } from '../../../../src-shared/sync/doc-names.js';
import { newId } from '../../core/ids.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { isFailure, type Failure } from '../../core/pipeline/failure.js';
import { LaterWrite } from '../../core/pipeline/later.js';
import { toChangeRequest } from '../change-requests/serialize.js';
import { addContributor, findChangeRequest, updateChangeRequest } from '../change-requests/sql.js';
import { Batch, type Change, type Outcome } from './batch.js';
import { insertFiles, type InsertedFile } from './file-changes.js';
import { bodyUpdateOf, deletePage, insertPage, revertPage, updatePage } from './page-changes.js';
import { planPageBodies, type PlannedPageBody } from './planned-body.js';
import { requireWritableChangeRequest, type ContentTarget } from './rules.js';
import { toFile } from './serialize.js';

/**
 * `updateChangeRequestContent`: every change applied in order to the change request's docs, then
 * saved at once; the first invalid change answers a 400 naming it and nothing is written (the
 * request's transaction rolls back). The change request moves to a new `edits` revision.
 */
export function contentWrite(
  ctx: RequestContext,
  params: { spaceId: string; changeRequestId: string },
  changes: readonly Change[],
  compat: boolean,
  planned?: ReadonlyMap<string, PlannedPageBody>,
): ContentWritten | LaterWrite<ContentWritten> | Failure {
  const target = requireWritableChangeRequest(ctx, params);
  if (isFailure(target)) return target;
  if (!planned) {
    // Large bodies are written into their docs in a worker first; this transaction then writes nothing.
    const toPlan = largeBodyUpdates(new Batch(ctx, target), changes);
    if (toPlan.length > 0) {
      return new LaterWrite(async () => {
        const plans = await planPageBodies(ctx.workers, toPlan);
        return (later: RequestContext) => contentWrite(later, params, changes, compat, plans);
      });
    }
  }
  return writeChanges(ctx, target, changes, compat, planned);
}

type ContentWritten = Exclude<ReturnType<typeof writeChanges>, Failure>;

function writeChanges(ctx: RequestContext, target: ContentTarget, changes: readonly Change[], compat: boolean, planned: ReadonlyMap<string, PlannedPageBody> | undefined) {
  const batch = new Batch(ctx, target, planned);
  const inserted: InsertedFile[] = [];
  for (const [index, change] of changes.entries()) {
    const failed = apply(batch, index, change, inserted);
    if (failed) return failed;
  }
  commitBatch(ctx, batch);
  const cr = target.changeRequest!;
  const changeRequest = toChangeRequest(ctx, findChangeRequest(ctx.db, target.space.id, cr.id)!);
  if (compat) return changeRequest;
  return {
    changeRequest,
    changes: [...batch.outcomes.values()].map((outcome) => outcomeJson(ctx, target.place.spaceId, cr.id, outcome)),
    insertedFiles: inserted.map((file) =>
      toFile(ctx, target.place, { file_id: file.id, name: file.name, content_type: file.contentType, size: file.size, blob: '' }),
    ),
  };
}

/**
 * Saves what a batch changed and moves the change request to a new `edits` revision (parent: its
 * previous one), with its writer as a contributor.
 */
export function commitBatch(ctx: RequestContext, batch: Batch): void {
  const { target } = batch;
  batch.save();
  const cr = target.changeRequest!;
  const revision = newId();
  const docIds = [treeDoc(target.space.id, target.branch), ...[...batch.outcomes.keys()].map((id) => pageDoc(target.space.id, target.branch, id))];
  cutRevision(ctx.db, ctx.docs, { id: revision, spaceId: target.space.id, parents: [cr.revision], type: 'edits', docIds, now: ctx.now });
  updateChangeRequest(ctx.db, cr.id, { revision, updated_at: ctx.now });
  addContributor(ctx.db, cr.id, ctx.actor.id, ctx.now);
}

/**
 * Past this weight of the doc's rows, or of blocks in the new body, an update's body is planned in
 * a worker (planned-body.ts). Below it, the worker's round trip and the doc's rows crossing to it
 * cost more than the write on the event loop.
 */
const PLAN_DOC_BYTES = 32 * 1024;
const PLAN_BODY_BLOCKS = 200;

/** The updates of a batch that write a large body, with their docs' rows and where those stand. */
function largeBodyUpdates(batch: Batch, changes: readonly Change[]) {
  const { docs } = batch.ctx;
  const toPlan = [];
  const seen = new Set<string>();
  for (const change of changes) {
    const update = change.operation === 'update_page' ? bodyUpdateOf(batch, change) : undefined;
    if (!update) continue;
    const docId = pageDoc(batch.target.space.id, batch.target.branch, update.pageId);
    // A page updated twice in one batch: its second body is written on the event loop, onto the first.
    if (seen.has(docId)) continue;
    seen.add(docId);
    // Weighed without reading the rows: most updates are small and stay on the loop.
    if ((update.body.content?.length ?? 0) <= PLAN_BODY_BLOCKS && docs.storedBytes(docId) <= PLAN_DOC_BYTES) continue;
    const copyOf = docs.copySourceOf(docId);
    const rows = docs.updatesOf(docId);
    toPlan.push({ docId, rows, body: update.body, fromMarkdown: update.fromMarkdown, held: docs.stateVector(docId), version: docs.versionOf(docId), ...(copyOf && { copyOf }) });
  }
  return toPlan;
}

function apply(batch: Batch, index: number, change: Change, inserted: InsertedFile[]): Failure | void {
  switch (change.operation) {
    case 'insert_page':
      return insertPage(batch, index, change);
    case 'update_page':
      return updatePage(batch, index, change);
    case 'delete_page':
      return deletePage(batch, index, change);
    case 'revert_page':
      return revertPage(batch, index, change);
    case 'insert_files':
      return insertFiles(batch, index, change, inserted);
  }
}

function outcomeJson(ctx: RequestContext, spaceId: string, changeRequestId: string, outcome: Outcome) {
  if (outcome.object === 'deleted_page') return outcome;
  const page = {
    object: 'page' as const,
    id: outcome.page,
    urls: { location: ctx.urls.api(`/spaces/${spaceId}/change-requests/${changeRequestId}/content/page/${outcome.page}`) },
  };
  return outcome.object === 'created_page' ? { object: outcome.object, ...(outcome.ref ? { ref: outcome.ref } : {}), page } : { object: outcome.object, page };
}
