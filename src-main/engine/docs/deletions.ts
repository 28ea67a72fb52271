import * as Y from 'yjs';
import type { DeleteSet } from './updates.js';

/**
 * Whether `doc` already shows every deletion in `ds`. A peer's sync reply carries its whole
 * delete set each time; without this check every reconnect would append a row that changes
 * nothing. A deletion of structs the doc does not hold is news: it must be kept until they come.
 */
export function holdsDeletions(doc: Y.Doc, ds: DeleteSet): boolean {
  for (const [client, ranges] of ds.clients) {
    const structs = doc.store.clients.get(client);
    const held = Y.getState(doc.store, client);
    for (const { clock, len } of ranges) {
      if (!structs || clock + len > held) return false;
      for (let i = Y.findIndexSS(structs, clock); i < structs.length && structs[i]!.id.clock < clock + len; i++) {
        if (!structs[i]!.deleted) return false;
      }
    }
  }
  return true;
}
