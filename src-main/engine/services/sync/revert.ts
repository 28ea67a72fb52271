import * as Y from 'yjs';
import type { StateVector } from '../../core/docs/state-vector.js';
import type { DocStore } from '../../core/docs/store.js';
import { MalformedFrame } from './channel.js';
import type { DocMessage } from './doc-messages.js';

export type Refusal = Extract<DocMessage, { type: 'refused' }>;

/**
 * What the hub refused must not stay (docs/sync.md, "Refusals"): the doc becomes the hub's whole
 * copy the refusal carries, deletions undone too, in the caller's transaction. A hub from before
 * copies were sent gives only its state vector: what it lacks is then deleted (`revertBeyond`).
 */
export function undoRefused(docs: DocStore, refusal: Refusal, origin: unknown): void {
  if (!refusal.state) {
    revertBeyond(docs, refusal.docId, Y.decodeStateVector(refusal.stateVector), origin);
    return;
  }
  takeHubCopy(docs, refusal.docId, refusal.state, origin);
}

/** The doc becomes the hub's whole copy (a refusal's, or one the hub itself replaced), in the caller's transaction. */
export function takeHubCopy(docs: DocStore, docId: string, state: Uint8Array, origin: unknown): void {
  const replaced = docs.replaceWith(docId, state, origin);
  if (!replaced.ok) throw new MalformedFrame(replaced.problem.message);
}

/**
 * Deletes, in a new local update, every struct of the doc the hub does not hold (past `hubHolds`
 * per client), so the content reads as the hub's again. Yjs cannot undelete: a refused deletion
 * stays. Answers whether anything was deleted.
 */
function revertBeyond(docs: DocStore, docId: string, hubHolds: StateVector, origin: unknown): boolean {
  const copy = new Y.Doc({ gc: false });
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(docs.load(docId)));
  const before = Y.encodeStateVector(copy);
  let deleted = false;
  Y.transact(copy, (transaction) => {
    for (const [client, structs] of [...copy.store.clients]) {
      const from = hubHolds.get(client) ?? 0;
      const last = structs.at(-1);
      if (!last || last.id.clock + last.length <= from) continue;
      if (from > 0) Y.getItemCleanStart(transaction, Y.createID(client, from));
      for (let i = Y.findIndexSS(structs, Math.max(from, structs[0]!.id.clock)); i < structs.length; i++) {
        const struct = structs[i];
        if (struct instanceof Y.Item && !struct.deleted) {
          struct.delete(transaction);
          deleted = true;
        }
      }
    }
  });
  if (!deleted) return false;
  const appended = docs.append(docId, Y.encodeStateAsUpdate(copy, before), origin);
  if (!appended.ok) throw new Error(appended.problem.message);
  return true;
}
