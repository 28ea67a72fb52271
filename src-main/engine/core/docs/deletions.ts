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

/** Whether the delete set deletes every clock of `client` in `[from, to)` (its ranges sorted and merged, as a doc's and an update's are). */
export function deletesAll(ds: DeleteSet, client: number, from: number, to: number): boolean {
  const ranges = ds.clients.get(client) ?? [];
  // The last range that starts at or before `from`: merged ranges never touch, so it alone can cover.
  let [low, high] = [0, ranges.length - 1];
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (ranges[middle]!.clock <= from) low = middle + 1;
    else high = middle - 1;
  }
  const range = ranges[high];
  return range !== undefined && range.clock + range.len >= to;
}
