import * as Y from 'yjs';
import { newDoc } from './updates.js';

/** Per client, clock ranges `[clock, clock + len)`, ascending. */
export type IdRanges = Map<number, { clock: number; len: number }[]>;

/**
 * What a later copy of main holds that an earlier base does not, which a change request's page
 * judged against that base must not show (docs/sync.md, "Fork bases"): every item of `later` whose
 * id `base`'s state vector does not cover, i.e. the text, elements and formats main inserted
 * between the two copies. A map entry (an element's attribute) that replaced a value the base
 * shows is left out: deleting it would leave the key with no value at all rather than the base's,
 * so main's value stays, as text main deleted between the copies stays deleted. The result
 * depends on the two copies alone, so every engine that compares them finds the same items.
 */
export function itemsBetweenCopies(base: Y.Snapshot, later: Uint8Array): IdRanges {
  const doc = newDoc({ gc: false });
  Y.applyUpdate(doc, later);
  const covered = (id: Y.ID) => id.clock < (base.sv.get(id.client) ?? 0);
  const ranges: IdRanges = new Map();
  for (const [client, structs] of doc.store.clients) {
    const from = base.sv.get(client) ?? 0;
    const list: { clock: number; len: number }[] = [];
    for (const struct of structs) {
      const end = struct.id.clock + struct.length;
      if (end <= from || !(struct instanceof Y.Item)) continue;
      if (struct.parentSub !== null && replacesShownValue(struct, base, covered)) continue;
      const clock = Math.max(struct.id.clock, from);
      const last = list.at(-1);
      if (last && last.clock + last.len === clock) last.len += end - clock;
      else list.push({ clock, len: end - clock });
    }
    if (list.length > 0) ranges.set(client, list);
  }
  return ranges;
}

/** Whether a map entry set after the base overwrote a value the base shows (the nearest earlier value of its key the base holds, not deleted there). */
function replacesShownValue(entry: Y.Item, base: Y.Snapshot, covered: (id: Y.ID) => boolean): boolean {
  let left = entry.left;
  while (left && !covered(left.id)) left = left.left;
  return left !== null && !Y.isDeleted(base.ds, left.id);
}

/**
 * The ids (`client:clock`) of the elements of `ranges` that hold a writer's item: text someone typed
 * in the change request (an item past the later copy, which holds every clock main wrote) inside a
 * paragraph, list item or cell main added between the copies. The writer saw main's text there
 * and wrote into it, and no version of the earlier copy competes with it, so each such element
 * stays whole, main's text in it included: deleting it would take the writer's text with it.
 * Found in what `held` holds when the deletion is made; a writer's text that arrives in such an
 * element after another engine deleted it is not brought back (docs/sync.md, "Not yet").
 */
export function elementsWrittenIn(held: Y.Doc, ranges: IdRanges, later: Uint8Array): Set<string> {
  const laterState = Y.decodeStateVector(Y.encodeStateVectorFromUpdate(later));
  const kept = new Set<string>();
  const seen = new Set<Y.AbstractType<unknown>>();
  for (const [client, structs] of held.store.clients) {
    const from = laterState.get(client) ?? 0;
    if (Y.getState(held.store, client) <= from) continue;
    for (let i = Y.findIndexSS(structs, Math.max(from, structs[0]!.id.clock)); i < structs.length; i++) {
      const struct = structs[i]!;
      if (!(struct instanceof Y.Item) || struct.id.clock + struct.length <= from) continue;
      for (let type = struct.parent; type instanceof Y.AbstractType && type._item && !seen.has(type); type = type._item.parent) {
        seen.add(type);
        if (holds(ranges, type._item.id)) kept.add(idKey(type._item.id));
      }
    }
  }
  return kept;
}

/** Whether `doc` shows any item of `ranges`: holds it, not deleted. */
export function showsAny(doc: Y.Doc, ranges: IdRanges): boolean {
  for (const [client, list] of ranges) {
    const structs = doc.store.clients.get(client);
    if (!structs) continue;
    const held = Y.getState(doc.store, client);
    for (const { clock, len } of list) {
      const end = Math.min(clock + len, held);
      if (clock >= end) continue;
      for (let i = Y.findIndexSS(structs, clock); i < structs.length && structs[i]!.id.clock < end; i++) {
        if (structs[i] instanceof Y.Item && !structs[i]!.deleted) return true;
      }
    }
  }
  return false;
}

/**
 * The update that deletes every item of `ranges` that `held` still shows, except within the
 * elements `kept` names (`elementsWrittenIn`): a delete set and no structs, so engines that each
 * make it for the same ranges converge, and one made twice changes nothing. Undefined when it
 * deletes nothing. `held` is read, not changed: the deletion is made on a copy.
 */
export function deletionOf(held: Y.Doc, ranges: IdRanges, kept: ReadonlySet<string> = new Set()): Uint8Array | undefined {
  if (!showsAny(held, ranges)) return undefined;
  const doc = newDoc({ gc: false });
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(held));
  let deletion: Uint8Array | undefined;
  doc.on('update', (update: Uint8Array) => {
    deletion = update;
  });
  Y.transact(doc, (transaction) => {
    for (const [client, list] of ranges) {
      const held = Y.getState(doc.store, client);
      for (const { clock, len } of list) deleteRange(transaction, client, clock, Math.min(clock + len, held), kept);
    }
  });
  return deletion;
}

function deleteRange(transaction: Y.Transaction, client: number, from: number, to: number, kept: ReadonlySet<string>): void {
  for (let at = from; at < to; ) {
    const struct = Y.getItemCleanStart(transaction, Y.createID(client, at)) as Y.Item | Y.GC;
    // Split so that the struct ends at `to`: an item past the range keeps its tail.
    if (struct.id.clock + struct.length > to) Y.getItemCleanEnd(transaction, transaction.doc.store, Y.createID(client, to - 1));
    if (struct instanceof Y.Item && !struct.deleted && !withinKept(struct, kept)) struct.delete(transaction);
    at = struct.id.clock + struct.length;
  }
}

/** Whether the item is one of the `kept` elements or lies inside one. */
function withinKept(item: Y.Item, kept: ReadonlySet<string>): boolean {
  if (kept.size === 0) return false;
  if (kept.has(idKey(item.id))) return true;
  for (let type = item.parent; type instanceof Y.AbstractType && type._item; type = type._item.parent) {
    if (kept.has(idKey(type._item.id))) return true;
  }
  return false;
}

function holds(ranges: IdRanges, id: Y.ID): boolean {
  return ranges.get(id.client)?.some(({ clock, len }) => id.clock >= clock && id.clock < clock + len) ?? false;
}

const idKey = (id: Y.ID) => `${id.client}:${id.clock}`;
