import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { deletesAll } from './deletions.js';
import { buildDoc, type DeleteSet } from './updates.js';

/** Per client, clock ranges `[clock, clock + len)`, ascending. */
export type IdRanges = Map<number, { clock: number; len: number }[]>;

/**
 * What `hidingOf` needs of the later copies against the base, read from their bytes once: decoding
 * a 10,000-block page's copy takes a few hundred milliseconds, and the rule runs again on every
 * push of the page (`DocStore` keeps this while the copies and the base stay the same).
 */
export interface LaterCopy {
  /**
   * What the later copies hold that the base does not, which a change request's page judged
   * against that base must not show where writers would mix with it (docs/sync.md, "Fork
   * bases"): every item whose id the base's state vector does not cover, i.e. the text, elements
   * and formats main inserted between the copies. A map entry (an element's attribute) that
   * replaced a value the base shows is left out: deleting it would leave the key with no value
   * at all rather than the base's, so main's value stays, as text main deleted between the copies
   * stays deleted. It depends on the copies alone, so every engine that compares them finds the
   * same items.
   */
  ranges: IdRanges;
  /** The later copies' state vector: every clock main wrote. */
  state: Map<number, number>;
  deletions: DeleteSet;
  /** What main deleted between the copies: the items the base shows and the later copies delete. */
  deletedBetween: IdRanges;
}

export function laterCopyOf(base: Y.Snapshot, later: Uint8Array, held?: Y.Doc): LaterCopy {
  const state = Y.decodeStateVector(Y.encodeStateVectorFromUpdate(later));
  // The page's own doc holds every struct of a copy it gave up (`holdsStructsOf`): read there, the
  // copy is not integrated again, which took ~0.5 s of the event loop on 10,000 paragraphs. Only
  // items under a deleted element differ (collected there): they show nowhere either way.
  const doc = held && holdsState(held, state) ? held : buildDoc([later], { gc: false });
  const covered = (id: Y.ID) => isCovered(id, base.sv);
  const ranges: IdRanges = new Map();
  for (const [client, upTo] of state) {
    const structs = doc.store.clients.get(client);
    const from = base.sv.get(client) ?? 0;
    if (!structs || upTo <= from) continue;
    const list: { clock: number; len: number }[] = [];
    for (let index = Y.findIndexSS(structs, from); index < structs.length && structs[index]!.id.clock < upTo; index++) {
      const struct = structs[index]!;
      const end = Math.min(struct.id.clock + struct.length, upTo);
      if (end <= from || !(struct instanceof Y.Item)) continue;
      if (struct.parentSub !== null && replacesShownValue(struct, base, covered)) continue;
      const clock = Math.max(struct.id.clock, from);
      const last = list.at(-1);
      if (last && last.clock + last.len === clock) last.len += end - clock;
      else list.push({ clock, len: end - clock });
    }
    if (list.length > 0) ranges.set(client, list);
  }
  // The copy's delete set alone, read without integrating its structs.
  const deletions = Y.mergeDeleteSets([Y.decodeUpdate(Y.diffUpdate(later, Y.encodeStateVectorFromUpdate(later))).ds]);
  return { ranges, state, deletions, deletedBetween: shownByBaseOnly(deletions, base) };
}

/** Whether the doc holds every clock of `state`. */
function holdsState(doc: Y.Doc, state: Map<number, number>): boolean {
  for (const [client, clock] of state) if (Y.getState(doc.store, client) < clock) return false;
  return true;
}

/** The clocks `deletions` deletes that `base` holds and shows (both delete sets sorted and merged, as a doc's are). */
function shownByBaseOnly(deletions: DeleteSet, base: Y.Snapshot): IdRanges {
  const between: IdRanges = new Map();
  for (const [client, ranges] of deletions.clients) {
    const end = base.sv.get(client) ?? 0;
    const shownGaps = base.ds.clients.get(client) ?? [];
    const list: { clock: number; len: number }[] = [];
    let gap = 0;
    for (const { clock, len } of ranges) {
      let at = clock;
      const to = Math.min(clock + len, end);
      while (at < to) {
        while (gap < shownGaps.length && shownGaps[gap]!.clock + shownGaps[gap]!.len <= at) gap++;
        const hidden = shownGaps[gap];
        if (hidden && hidden.clock <= at) {
          at = hidden.clock + hidden.len;
          continue;
        }
        const stop = Math.min(to, hidden ? hidden.clock : to);
        list.push({ clock: at, len: stop - at });
        at = stop;
      }
    }
    if (list.length > 0) between.set(client, list);
  }
  return between;
}

/** Whether a map entry set after the base overwrote a value the base shows (the nearest earlier value of its key the base holds, not deleted there). */
function replacesShownValue(entry: Y.Item, base: Y.Snapshot, covered: (id: Y.ID) => boolean): boolean {
  let left = entry.left;
  while (left && !covered(left.id)) left = left.left;
  return left !== null && !Y.isDeleted(base.ds, left.id);
}

/**
 * The deletion that hides from a change request's page what `later` (a copy of main, or several
 * merged) holds past `base`, an earlier copy the page keeps as its base, where that would mix
 * with what a writer wrote on the earlier copy (docs/sync.md, "Fork bases"):
 * - in a block of the base a writer touched (wrote in, or deleted from what both copies show),
 *   main's text, elements and formats from between the copies; a block no writer touched reads
 *   as main had it in the later copy, since hiding only main's insertions there, its deletions
 *   being kept, would leave neither version;
 * - a block main added between the copies, unless a writer wrote in it;
 * - never an element main added that holds a writer's text, nor anything inside it: the writer
 *   saw main's text there and wrote into it, and no version of the earlier copy competes.
 * Found in what `held` holds now; as writers' edits arrive, running it again hides more, never
 * less, so engines converge on the union of what each found.
 */
export function hidingOf(held: Y.Doc, base: Y.Snapshot, later: LaterCopy): Uint8Array | undefined {
  const { ranges } = later;
  if (!showsAny(held, ranges)) return undefined;
  const { kept, touched } = placesWritten(held, base, later);
  // Read on the doc held, so that a push that finds nothing more to hide (the usual case, when
  // the rule runs again) copies no doc.
  const hidden = shownWhere(held, ranges, (item) => {
    if (withinKept(item, kept)) return false;
    const block = blockOf(item);
    return !isCovered(block.id, base.sv) || touched.has(idKey(block.id));
  });
  return hidden.size === 0 ? undefined : deletionOf(held, hidden);
}

/** The clocks of `ranges` that `doc` shows, in items `hides` says yes to. */
function shownWhere(doc: Y.Doc, ranges: IdRanges, hides: (item: Y.Item) => boolean): IdRanges {
  const shown: IdRanges = new Map();
  for (const { item, from, to } of shownItems(doc, ranges)) {
    if (!hides(item)) continue;
    const clocks = shown.get(item.id.client) ?? [];
    clocks.push({ clock: from, len: to - from });
    shown.set(item.id.client, clocks);
  }
  return shown;
}

/** Each item of `ranges` that `doc` holds and does not delete, with the clocks of it in the ranges. */
function* shownItems(doc: Y.Doc, ranges: IdRanges): Generator<{ item: Y.Item; from: number; to: number }> {
  for (const [client, list] of ranges) {
    const structs = doc.store.clients.get(client);
    if (!structs) continue;
    const held = Y.getState(doc.store, client);
    for (const { clock, len } of list) {
      const end = Math.min(clock + len, held);
      if (clock >= end) continue;
      for (let i = Y.findIndexSS(structs, clock); i < structs.length && structs[i]!.id.clock < end; i++) {
        const item = structs[i]!;
        if (item instanceof Y.Item && !item.deleted) yield { item, from: Math.max(item.id.clock, clock), to: Math.min(item.id.clock + item.length, end) };
      }
    }
  }
}

/**
 * Where writers wrote in `held`: the elements of `ranges` that hold a writer's item (`kept`), and
 * the blocks (top-level items) holding a writer's item or a writer's deletion (`touched`). A
 * writer's item is one past the later copy, which holds every clock main wrote; a writer's
 * deletion one of an item the base holds, which the later copy still shows.
 */
function placesWritten(held: Y.Doc, base: Y.Snapshot, { ranges, state: laterState, deletions: laterDeletions }: LaterCopy): { kept: Set<string>; touched: Set<string> } {
  const kept = new Set<string>();
  const touched = new Set<string>();
  const seen = new Set<Y.AbstractType<unknown>>();
  for (const [client, structs] of held.store.clients) {
    const from = laterState.get(client) ?? 0;
    const baseEnd = base.sv.get(client) ?? 0;
    for (const struct of structs) {
      if (!(struct instanceof Y.Item)) continue;
      const written = struct.id.clock + struct.length > from;
      // Only the part the base holds counts: Yjs merges a deleted run with the deleted clocks after it.
      const deleted = !written && struct.deleted && struct.id.clock < baseEnd && !deletesAll(laterDeletions, client, struct.id.clock, Math.min(struct.id.clock + struct.length, baseEnd));
      if (!written && !deleted) continue;
      touched.add(idKey(blockOf(struct).id));
      if (!written) continue;
      for (let type = struct.parent; type instanceof Y.AbstractType && type._item && !seen.has(type); type = type._item.parent) {
        seen.add(type);
        if (holds(ranges, type._item.id)) kept.add(idKey(type._item.id));
      }
    }
  }
  return { kept, touched };
}

/** The top-level item holding `item`: the block of a body, or an entry or run of a root type. */
export function blockOf(item: Y.Item): Y.Item {
  let block = item;
  while (block.parent instanceof Y.AbstractType && block.parent._item) block = block.parent._item;
  return block;
}

export const isCovered = (id: Y.ID, sv: Map<number, number>) => id.clock < (sv.get(id.client) ?? 0);

/** Whether `doc` shows any item of `ranges`: holds it, not deleted. */
function showsAny(doc: Y.Doc, ranges: IdRanges): boolean {
  return !shownItems(doc, ranges).next().done;
}

/**
 * The update that deletes every item of `ranges` that `held` still shows: a delete set and no
 * structs, so engines that each make it for the same ranges converge, and one made twice changes
 * nothing. Undefined when it shows none of them. `held` is read, not changed: the deletion is
 * made on a copy.
 */
export function deletionOf(held: Y.Doc, ranges: IdRanges): Uint8Array | undefined {
  if (!showsAny(held, ranges)) return undefined;
  // Written as an update holding a delete set alone, as Yjs encodes one (format v1): copying a
  // 10,000-block page to delete in it cost more than finding what to delete.
  const clients = [...ranges]
    .map(([client, list]) => [client, clipped(list, Y.getState(held.store, client))] as const)
    .filter(([, list]) => list.length > 0);
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarUint(encoder, clients.length);
  for (const [client, list] of clients) {
    encoding.writeVarUint(encoder, client);
    encoding.writeVarUint(encoder, list.length);
    for (const { clock, len } of list) {
      encoding.writeVarUint(encoder, clock);
      encoding.writeVarUint(encoder, len);
    }
  }
  return encoding.toUint8Array(encoder);
}

/** The ranges below `held` (the doc's state of that client), sorted and merged. */
function clipped(list: readonly { clock: number; len: number }[], held: number): { clock: number; len: number }[] {
  const merged: { clock: number; len: number }[] = [];
  for (const { clock, len } of [...list].sort((x, y) => x.clock - y.clock)) {
    const end = Math.min(clock + len, held);
    if (end <= clock) continue;
    const last = merged.at(-1);
    if (last && last.clock + last.len >= clock) last.len = Math.max(last.len, end - last.clock);
    else merged.push({ clock, len: end - clock });
  }
  return merged;
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

export function holds(ranges: IdRanges, id: Y.ID): boolean {
  return ranges.get(id.client)?.some(({ clock, len }) => id.clock >= clock && id.clock < clock + len) ?? false;
}

export const idKey = (id: Y.ID) => `${id.client}:${id.clock}`;
