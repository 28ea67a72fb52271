import * as Y from 'yjs';
import { holdsDeletions } from '../../core/docs/deletions.js';
import { bringsStructs } from '../../core/docs/state-vector.js';
import type { DocStore } from '../../core/docs/store.js';
import { decode } from '../../core/docs/updates.js';
import type { Actor, RequestContext } from '../../core/pipeline/context.js';
import { contextFor, type PipelineDeps } from '../../core/pipeline/execute.js';
import { writeRefusal, type ReadableDoc } from '../../domain/yjs/doc-access.js';
import { noteLiveEdit } from './live-edits.js';

/** Why the actor may not write the doc now, or undefined; `writeRefusal` unless the writer says otherwise. */
export type WriteRule = (ctx: RequestContext, doc: ReadableDoc, update: Uint8Array) => string | undefined;

export type ClientWrite =
  | { outcome: 'applied' | 'unchanged' }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'malformed'; problem: string };

/**
 * A client's update, in one write transaction: the caller's right to write is checked as things
 * stand now, the update goes through `applyRemote` (so projections of the write commit with it),
 * and a live edit of main is noted for its revision. A refused update is stored nowhere.
 */
export function writeFromClient(
  deps: PipelineDeps,
  actor: Actor,
  doc: ReadableDoc,
  update: Uint8Array,
  origin: unknown,
  rule: WriteRule = writeRefusal,
): ClientWrite {
  return deps.db.transaction((): ClientWrite => {
    deps.db.noticeExternalChanges();
    const ctx = contextFor(deps, actor);
    const refusal = rule(ctx, doc, update);
    if (refusal !== undefined) return refuse(deps.docs, doc.docId, update, refusal);
    const result = deps.docs.applyRemote(doc.docId, update, origin);
    if (!result.ok) return { outcome: 'malformed', problem: result.problem.message };
    if (!result.applied) return { outcome: 'unchanged' };
    if (doc.name.kind !== 'comments' && doc.name.branch.kind === 'main') noteLiveEdit(deps.db, doc.name.spaceId, ctx.now);
    return { outcome: 'applied' };
  });
}

/**
 * Whether a client's update may go to the doc's other clients before it is stored (the room's
 * fast path): the caller may write the doc now and the update would change it. `writeFromClient`
 * checks again and stores it right after, in the same turn of the event loop.
 */
export function relayable(deps: PipelineDeps, actor: Actor, doc: ReadableDoc, update: Uint8Array): boolean {
  return deps.db.transaction(() => {
    deps.db.noticeExternalChanges();
    return writeRefusal(contextFor(deps, actor), doc, update) === undefined && changesDoc(deps.docs, doc.docId, update) === true;
  }, 'read');
}

/**
 * A reader's sync reply repeats what the server already has (its whole delete set, at least):
 * only an update that would change the doc is news worth refusing out loud.
 */
function refuse(docs: DocStore, docId: string, update: Uint8Array, reason: string): ClientWrite {
  const changes = changesDoc(docs, docId, update);
  if (typeof changes === 'object') return { outcome: 'malformed', problem: changes.malformed };
  return changes ? { outcome: 'refused', reason } : { outcome: 'unchanged' };
}

/** Whether the update brings structs or deletions the stored doc lacks. */
function changesDoc(docs: DocStore, docId: string, update: Uint8Array): boolean | { malformed: string } {
  const decoded = decode(() => Y.decodeUpdate(update));
  if ('malformed' in decoded) return decoded;
  const held = Y.decodeStateVector(docs.stateVector(docId));
  return bringsStructs(held, decoded.structs) || (decoded.ds.clients.size > 0 && !holdsDeletions(docs.load(docId), decoded.ds));
}
