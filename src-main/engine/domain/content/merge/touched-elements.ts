import * as Y from 'yjs';
import { BODY_FRAGMENT } from '../../../../../src-shared/content/yjs.js';
import type { DeleteSet } from '../../../core/docs/updates.js';

/** An item's id as text: the same in every doc of the content, whichever doc holds the item. */
export const itemKey = (id: Y.ID) => `${id.client}:${id.clock}`;

/**
 * The elements one side's update reached: every element holding a struct the update added, or
 * holding or being one it deleted since the base, and every element around those, by `itemKey`.
 * A block's hash (`blockIndex`: its attributes, its children's ids, its text children's content)
 * can only change, and the block can only disappear, through such a struct, so a block outside
 * the set kept its base hash on that side. `doc` must hold the update, with deleted items kept
 * (`gc: false`). Undefined when the doc cannot tell where a struct sits (one waiting for its
 * dependencies, or collected before the doc got it): then no block can be ruled out.
 */
export function touchedElements(doc: Y.Doc, update: Uint8Array, baseDeletions: DeleteSet): Set<string> | undefined {
  const touched = new Set<string>();
  return forEachReached(doc, update, baseDeletions, (item) => markAround(item, touched)) ? touched : undefined;
}

/**
 * The entries of a tree doc's maps (`pages`, `files`) an update reached, as `<map>/<id>`: each
 * entry holding a struct the update added, or holding or being one it deleted since the base
 * (`touchedElements`, for a tree). An entry outside the set has, on that side, the fields it had
 * at the base. Undefined when the doc cannot tell where a struct sits.
 */
export function touchedEntries(doc: Y.Doc, update: Uint8Array, baseDeletions: DeleteSet, maps: readonly string[]): Set<string> | undefined {
  // Looked up, not typed: `getMap` would add a map the doc never had to a doc the caller may not own.
  const roots = new Map<unknown, string>(maps.flatMap((name) => (doc.share.has(name) ? [[doc.share.get(name), name] as const] : [])));
  const touched = new Set<string>();
  const markEntry = (item: Y.Item) => {
    for (let at: Y.Item | null = item; at; at = (at.parent as Y.AbstractType<unknown>)._item) {
      const map = roots.get(at.parent);
      if (map !== undefined && at.parentSub !== null) return void touched.add(`${map}/${at.parentSub}`);
    }
  };
  return forEachReached(doc, update, baseDeletions, markEntry) ? touched : undefined;
}

/**
 * `target` with each entry `reached` says no to as `source` has it (gone where `source` has none):
 * how a change request's blocks or pages are judged where its own changes never reached them
 * (page-merge.ts, tree-merge.ts, own-changes.ts).
 */
export function takenWhereUnreached<T>(target: ReadonlyMap<string, T>, source: ReadonlyMap<string, T>, reached: (id: string) => boolean): Map<string, T> {
  const taken = new Map(target);
  for (const id of new Set([...target.keys(), ...source.keys()])) {
    if (reached(id)) continue;
    const value = source.get(id);
    if (value === undefined) taken.delete(id);
    else taken.set(id, value);
  }
  return taken;
}

/**
 * Calls `visit` with every item of `doc` holding a struct `update` adds, or one it deletes that
 * `baseDeletions` had not. False when the doc cannot tell where one sits (not held, or collected).
 */
function forEachReached(doc: Y.Doc, update: Uint8Array, baseDeletions: DeleteSet, visit: (item: Y.Item) => void): boolean {
  const { structs, ds } = Y.decodeUpdate(update);
  for (const struct of structs) {
    if (struct instanceof Y.Skip) continue;
    const held = heldStruct(doc, struct.id.client, struct.id.clock);
    if (!(held instanceof Y.Item)) return false;
    visit(held);
  }
  for (const [client, ranges] of ds.clients) {
    for (const { clock, len } of ranges) {
      for (let at = clock; at < clock + len; ) {
        const held = heldStruct(doc, client, at);
        if (!held) return false;
        const end = Math.min(clock + len, held.id.clock + held.length);
        if (!deletedIn(baseDeletions, client, at, end)) {
          if (!(held instanceof Y.Item)) return false;
          visit(held);
        }
        at = end;
      }
    }
  }
  return true;
}

/**
 * Whether the base had deleted every clock from `from` to `to` (excluded). Checked clock by clock
 * rather than per item: Yjs merges a deleted item with a deleted neighbour, so one item may hold
 * clocks the base deleted and clocks deleted since.
 */
function deletedIn(deletions: DeleteSet, client: number, from: number, to: number): boolean {
  let covered = from;
  for (const { clock, len } of deletions.clients.get(client) ?? []) {
    if (clock > covered) break;
    covered = Math.max(covered, clock + len);
    if (covered >= to) return true;
  }
  return false;
}

function heldStruct(doc: Y.Doc, client: number, clock: number): Y.Item | Y.GC | undefined {
  const structs = doc.store.clients.get(client);
  if (!structs || clock >= Y.getState(doc.store, client)) return undefined;
  return structs[Y.findIndexSS(structs, clock)] as Y.Item | Y.GC;
}

/** The item, if it holds an element, and every element around it up to the root. */
function markAround(item: Y.Item, touched: Set<string>): void {
  for (let at: Y.Item | null = item; at; at = (at.parent as Y.AbstractType<unknown>)._item) {
    if (at.content instanceof Y.ContentType && at.content.type instanceof Y.XmlElement) touched.add(itemKey(at.id));
  }
}

/** Block id → `itemKey` of the element holding it, for every block of a body with an id. */
export function blockItems(doc: Y.Doc): Map<string, string> {
  const items = new Map<string, string>();
  const visit = (element: Y.XmlElement) => {
    const id = element.getAttribute('id');
    if (typeof id === 'string' && element._item) items.set(id, itemKey(element._item.id));
    for (const child of element.toArray()) if (child instanceof Y.XmlElement) visit(child);
  };
  for (const child of doc.getXmlFragment(BODY_FRAGMENT).toArray()) if (child instanceof Y.XmlElement) visit(child);
  return items;
}
