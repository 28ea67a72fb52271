import * as Y from 'yjs';
import type { StateVector } from '../docs/state-vector.js';
import type { DocStore } from '../docs/store.js';

/**
 * What the hub refused must not stay: deletes, in a new local update, every struct of the doc the
 * hub does not hold (past `hubHolds` per client), so the content reads as the hub's again. Yjs
 * cannot undelete, so a refused deletion is not undone (docs/sync.md, "Refusals"). Answers whether
 * anything was deleted.
 */
export function revertBeyond(docs: DocStore, docId: string, hubHolds: StateVector, origin: unknown): boolean {
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
