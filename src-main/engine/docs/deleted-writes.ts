/**
 * A change request's page written on two copies of main: where main deleted a block between the
 * copies, the later copy's deletion takes with it whatever a writer on the earlier copy wrote in
 * that block (Yjs deletes what lies in a deleted element); where an engine hid a block main added
 * between them before a writer's words in it arrived, the hiding takes them. The hub, where the
 * copies meet, puts the block back as the writers left it (docs/sync.md, "Fork bases"): a new
 * block, written once, which a merge then sees as the change request's edit of a block main
 * deleted (a conflict), or as a block the change request added.
 */
import * as Y from 'yjs';
import { MAX_BLOCK_DEPTH, MAX_INLINE_DEPTH } from '../../../src-shared/contract/limits.js';
import { holds, idKey, isCovered, type IdRanges, type LaterCopy } from './later-copy.js';
import { buildDoc, type DeleteSet } from './updates.js';

/** How deep the walks go: no page the content model allows is deeper; a doc an update made deeper is not walked further. */
const MAX_DEPTH = MAX_BLOCK_DEPTH + MAX_INLINE_DEPTH;


/**
 * Whether `held` (a doc whose deleted content is collected) lost writers' text since `analysed`:
 * a clock past the later copies that is a collected struct, i.e. text that arrived inside a
 * deleted block or was collected with one. A cheap test, run on every push that comes with a base.
 */
export function swallowedWrites(held: Y.Doc, later: LaterCopy, analysed: ReadonlyMap<number, number>): boolean {
  if (later.deletedBetween.size === 0 && later.ranges.size === 0) return false;
  for (const [client, structs] of held.store.clients) {
    const from = Math.max(later.state.get(client) ?? 0, analysed.get(client) ?? 0);
    if (Y.getState(held.store, client) <= from) continue;
    for (let index = Y.findIndexSS(structs, from); index < structs.length; index++) if (structs[index] instanceof Y.GC) return true;
  }
  return false;
}

export interface Restoration {
  /** The update that inserts the blocks put back into the doc; none when there is nothing to put back. */
  update?: Uint8Array;
  /** The blocks (by their item's id) that this run put back. */
  restored: string[];
}

/**
 * Puts back each deleted block (a top-level one, or an element in a block shown: a list item, a
 * cell) that holds a writer's text still shown, unless `restoredBefore` names it: a copy of it as
 * writers left it, inserted among its siblings after the nearest one shown before it. Such a block is one main deleted between the copies (`later.deletedBetween`),
 * or one main added between them (`later.ranges`) that an engine hid before a writer's words in it
 * reached that engine (`hidingOf` keeps such a block whole only once it holds them). Read from the
 * doc's rows (`rows`, whose deleted content is kept): a row that deletes the block itself carries
 * main's deletion or the hiding, whose other deletions inside the block are not the writers';
 * every other row's are. What is copied: every writer's item no row deleted, and of the rest what
 * no writer deleted: the base's text in a block of the base, main's in a block main added; never
 * main's text from between the copies in a block of the base.
 */
export function restorationOf(rows: readonly Uint8Array[], base: Y.Snapshot, later: LaterCopy, restoredBefore: ReadonlySet<string>): Restoration {
  // Each row's deletions alone: decoding its structs too costs four times as much on a large page.
  const deletions = rows.map((row) => Y.decodeUpdate(Y.diffUpdate(row, Y.encodeStateVectorFromUpdate(row))).ds);
  // Of a struct two rows hold, the doc keeps the first applied. A row that carries more of main's
  // deletions from between the copies comes later: a copy made on an engine that collected the
  // deleted blocks holds none of their content, which the earlier copy's rows hold.
  const mains = deletions.map((ds) => overlap(ds, later.deletedBetween));
  const order = [...rows.keys()].sort((x, y) => mains[x]! - mains[y]!);
  const written = buildDoc(order.map((index) => rows[index]!), { gc: false });
  const isWritten = (id: Y.ID) => id.clock >= (later.state.get(id.client) ?? 0);
  const found: Found[] = [];
  const visit = (list: Y.AbstractType<any>, depth: number, root?: string) => {
    if (depth > MAX_DEPTH) return;
    for (let item = list._start; item; item = item.right) {
      if (!(item.content instanceof Y.ContentType) || !(item.content.type instanceof Y.XmlElement)) continue;
      const element = item.content.type;
      if (!item.deleted) {
        visit(element, depth + 1);
        continue;
      }
      const addedByMain = holds(later.ranges, item.id);
      if (!(addedByMain || holds(later.deletedBetween, item.id)) || restoredBefore.has(idKey(item.id))) continue;
      const others = deletions.filter((ds) => !Y.isDeleted(ds, item.id));
      // By clock, not by item: the doc merges a run of text once it is all deleted, whatever deleted it.
      const shown = (id: Y.ID) => {
        if (isWritten(id)) return !deletions.some((ds) => Y.isDeleted(ds, id));
        const kept = isCovered(id, base.sv) ? !Y.isDeleted(base.ds, id) : addedByMain;
        return kept && !others.some((ds) => Y.isDeleted(ds, id));
      };
      if (showsWritten(element, shown, isWritten, depth)) found.push({ root, id: item.id, copy: visibleCopy(element, shown, depth) });
    }
  };
  // A doc built from updates holds its root types untyped: the blocks are the elements in a list.
  for (const [root, type] of written.share) visit(type, 0, root);
  if (found.length === 0) return { restored: [] };
  return { update: inserted(written, found), restored: found.map(({ id }) => idKey(id)) };
}

/** A block to put back (at any depth): its item, its root type when it is a top-level one, and the copy of it. */
interface Found {
  root?: string;
  id: Y.ID;
  copy: Y.XmlElement;
}

/**
 * The update that inserts each copy after the nearest element shown before the one it copies,
 * among its siblings; made on `written`, which holds every struct and deletion of the doc held
 * (its rows), and is not read again.
 */
function inserted(written: Y.Doc, found: readonly Found[]): Uint8Array | undefined {
  // Typed first: a root type read from updates is untyped, and typing it moves its items to the typed one.
  for (const { root } of found) if (root !== undefined) written.getXmlFragment(root);
  let update: Uint8Array | undefined;
  written.on('update', (made: Uint8Array) => {
    update = made;
  });
  Y.transact(written, () => {
    for (const { id, copy } of found) {
      const item = Y.getItem(written.store, id) as Y.Item;
      let left = item.left;
      while (left && (left.deleted || !left.countable)) left = left.left;
      (item.parent as Y.XmlFragment).insertAfter(left, [copy]);
    }
  });
  return update;
}

type ShownClock = (id: Y.ID) => boolean;

/** The ids of an item's clocks. */
function* clocksOf(item: Y.Item): Generator<Y.ID> {
  for (let offset = 0; offset < item.length; offset++) yield Y.createID(item.id.client, item.id.clock + offset);
}

/** Whether the element holds, at any depth, a writer's clock that is shown. */
function showsWritten(element: Y.XmlElement | Y.XmlText, shown: ShownClock, isWritten: ShownClock, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const entries = element instanceof Y.XmlElement ? [...element._map.values()] : [];
  for (const entry of entries) if (isWritten(entry.id) && shown(entry.id)) return true;
  for (let item = element._start; item; item = item.right) {
    const content = item.content;
    if (content instanceof Y.ContentFormat) continue;
    if (content instanceof Y.ContentType) {
      if (shown(item.id) && (isWritten(item.id) || ((content.type instanceof Y.XmlElement || content.type instanceof Y.XmlText) && showsWritten(content.type, shown, isWritten, depth + 1)))) return true;
    } else if ([...clocksOf(item)].some((id) => isWritten(id) && shown(id))) return true;
  }
  return false;
}

/** A new element holding what `shown` shows of `element`: its attributes' values and its children. */
function visibleCopy(element: Y.XmlElement, shown: ShownClock, depth: number): Y.XmlElement {
  const copy = new Y.XmlElement(element.nodeName);
  for (const [key, latest] of element._map) {
    let entry: Y.Item | null = latest;
    while (entry && !shown(entry.id)) entry = entry.left;
    if (entry) copy.setAttribute(key, entry.content.getContent().at(-1) as string);
  }
  const children: (Y.XmlElement | Y.XmlText)[] = [];
  for (let item = element._start; item; item = item.right) {
    if (!shown(item.id) || !(item.content instanceof Y.ContentType) || depth >= MAX_DEPTH) continue;
    const type = item.content.type;
    if (type instanceof Y.XmlElement) children.push(visibleCopy(type, shown, depth + 1));
    else if (type instanceof Y.XmlText) children.push(visibleText(type, shown));
  }
  copy.insert(0, children);
  return copy;
}

/** A new text holding what `shown` shows of `text`, with the formats shown in effect (as `toDelta` reads them). */
function visibleText(text: Y.XmlText, shown: ShownClock): Y.XmlText {
  const delta: { insert: unknown; attributes?: Record<string, unknown> }[] = [];
  let attributes: Record<string, unknown> = {};
  const push = (insert: unknown) => delta.push(Object.keys(attributes).length > 0 ? { insert, attributes } : { insert });
  for (let item = text._start; item; item = item.right) {
    const content = item.content;
    if (content instanceof Y.ContentFormat) {
      if (!shown(item.id)) continue;
      attributes = { ...attributes };
      if (content.value === null) delete attributes[content.key];
      else attributes[content.key] = content.value;
    } else if (content instanceof Y.ContentString) {
      const kept = [...clocksOf(item)].map((id, offset) => (shown(id) ? content.str[offset] : '')).join('');
      if (kept.length > 0) push(kept);
    } else if (content instanceof Y.ContentEmbed && shown(item.id)) push(content.embed);
  }
  const copy = new Y.XmlText();
  copy.applyDelta(delta);
  return copy;
}

/** How many clocks of `ranges` the delete set deletes. */
function overlap(ds: DeleteSet, ranges: IdRanges): number {
  let clocks = 0;
  for (const [client, deleted] of ds.clients) {
    for (const range of ranges.get(client) ?? []) {
      for (const { clock, len } of deleted) clocks += Math.max(0, Math.min(clock + len, range.clock + range.len) - Math.max(clock, range.clock));
    }
  }
  return clocks;
}
