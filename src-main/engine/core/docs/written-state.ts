import * as Y from 'yjs';
import { holdsDeletions } from './deletions.js';

/**
 * What one write added to a doc, as a snapshot: the clock each client it wrote reached, and the
 * deletions it made (of items the doc held before, or that it made itself), clock by clock. A
 * deletion makes no new item, so a state vector alone misses a write that only deleted. Another
 * engine holds the write once `holdsWrite` says so, whatever else its doc holds. Undefined when
 * `after` adds nothing to `before`.
 */
export function writtenSince(before: Y.Doc, after: Y.Doc): Y.Snapshot | undefined {
  const sv = new Map<number, number>();
  for (const client of after.store.clients.keys()) {
    const clock = Y.getState(after.store, client);
    if (clock > Y.getState(before.store, client)) sv.set(client, clock);
  }
  const ds = Y.createDeleteSet();
  for (const [client, ranges] of Y.createDeleteSetFromStructStore(after.store).clients) {
    const added: { clock: number; len: number }[] = [];
    const structs = before.store.clients.get(client) ?? [];
    const held = Y.getState(before.store, client);
    for (const { clock, len } of ranges) {
      const end = clock + len;
      if (clock < held) {
        for (let i = Y.findIndexSS(structs, clock); i < structs.length && structs[i]!.id.clock < end; i++) {
          const struct = structs[i]!;
          if (struct.deleted) continue;
          const from = Math.max(struct.id.clock, clock);
          addRange(added, from, Math.min(struct.id.clock + struct.length, end) - from);
        }
      }
      if (end > held) addRange(added, Math.max(clock, held), end - Math.max(clock, held));
    }
    // Yjs's encoder reads each range's clock and len; the class it builds them with is not exported.
    if (added.length > 0) ds.clients.set(client, added as never);
  }
  return sv.size === 0 && ds.clients.size === 0 ? undefined : Y.createSnapshot(ds, sv);
}

/** Whether `doc` holds every item `written` made and shows every deletion it made. */
export function holdsWrite(doc: Y.Doc, written: Y.Snapshot): boolean {
  for (const [client, clock] of written.sv) if (Y.getState(doc.store, client) < clock) return false;
  return holdsDeletions(doc, written.ds);
}

/** Appends a range, joined to the last one where they touch. */
function addRange(ranges: { clock: number; len: number }[], clock: number, len: number): void {
  const last = ranges.at(-1);
  if (last && last.clock + last.len === clock) last.len += len;
  else ranges.push({ clock, len });
}
