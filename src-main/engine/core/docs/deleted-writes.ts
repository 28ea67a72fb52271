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
import { MAX_BLOCK_DEPTH, MAX_INLINE_DEPTH } from '../../../../src-shared/contract/limits.js';
import { newBlockId } from '../../../../src-shared/content/ids.js';
import { blockOf, holds, idKey, isCovered, laterCopyOf, type IdRanges, type LaterCopy } from './later-copy.js';
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

/**
 * Whether a block of the base the doc shows reads as neither version: main deleted text in it
 * between the copies, which stays deleted (Yjs cannot bring text back), and a writer wrote in it
 * (since `analysed`, or deleted from it before any run), so the hiding took main's insertions
 * there. Then the hub puts it back as the writers left it (`restorationOf`). A cheap test: the
 * items main deleted between the copies, then the few blocks holding them.
 */
export function mixedBlocks(held: Y.Doc, base: Y.Snapshot, later: LaterCopy, restored: RestoredBlocks, analysed: ReadonlyMap<number, number>): boolean {
  const blocks = [...blocksHolding(held, later.deletedBetween)].filter((block) => !block.deleted && isCovered(block.id, base.sv) && !restored.has(idKey(block.id)));
  const since = (id: Y.ID, length: number) => id.clock + length > Math.max(later.state.get(id.client) ?? 0, analysed.get(id.client) ?? 0);
  const firstRun = analysed.size === 0;
  for (const block of blocks) {
    for (const item of itemsWithin(block)) {
      if (!item.deleted && since(item.id, item.length)) return true;
      if (firstRun && item.deleted && isCovered(item.id, base.sv) && !Y.isDeleted(base.ds, item.id) && !holds(later.deletedBetween, item.id)) return true;
    }
  }
  return false;
}

/** The top-level items holding a struct of `ranges`. */
function blocksHolding(doc: Y.Doc, ranges: IdRanges): Set<Y.Item> {
  const blocks = new Set<Y.Item>();
  for (const [client, list] of ranges) {
    const structs = doc.store.clients.get(client);
    if (!structs) continue;
    for (const { clock, len } of list) {
      const end = Math.min(clock + len, Y.getState(doc.store, client));
      for (let index = clock < end ? Y.findIndexSS(structs, clock) : structs.length; index < structs.length && structs[index]!.id.clock < end; index++) {
        const struct = structs[index]!;
        if (struct instanceof Y.Item) blocks.add(blockOf(struct));
      }
    }
  }
  return blocks;
}

/** The item and every item within it: its element's attributes, children and their text, to the depth the walks go. */
function* itemsWithin(item: Y.Item, depth = 0): Generator<Y.Item> {
  yield item;
  if (depth > MAX_DEPTH || !(item.content instanceof Y.ContentType)) return;
  const type = item.content.type as Y.AbstractType<unknown>;
  for (const entry of type._map.values()) for (let at: Y.Item | null = entry; at; at = at.left) yield at;
  for (let child = type._start; child; child = child.right) yield* itemsWithin(child, depth + 1);
}

export interface Restoration {
  /** The update that inserts the blocks put back into the doc; none when there is nothing to put back. */
  update?: Uint8Array;
  /** The blocks this run put back: each block's item id → the item id of its newest copy. */
  restored: Map<string, string>;
}

/** What earlier runs put back: a block's item id → its newest copy's (none where an earlier version did not record it). */
export type RestoredBlocks = ReadonlyMap<string, string | undefined>;

/** What `restorationOf` reads, as bytes for a worker thread: the base's snapshot and the state looked at before encoded, the later copies merged. */
export interface RestorationInput {
  rows: Uint8Array[];
  base: Uint8Array;
  later: Uint8Array;
  restored: [string, string | undefined][];
  analysed: Uint8Array;
}

export interface RestorationOutput {
  update?: Uint8Array;
  restored: [string, string][];
}

/** `restorationOf` over bytes (a worker's task), the later copies read against the base there too. */
export function restorationFrom(input: RestorationInput): RestorationOutput {
  const base = Y.decodeSnapshot(input.base);
  const { update, restored } = restorationOf(input.rows, base, laterCopyOf(base, input.later), new Map(input.restored), Y.decodeStateVector(input.analysed));
  return { ...(update && { update }), restored: [...restored] };
}

/**
 * Puts back each deleted block (a top-level one, or an element in a block shown: a list item, a
 * cell) that holds a writer's text still shown: a copy of it as writers left it, inserted among its
 * siblings after the nearest one shown before it. Such a block is one main deleted between the
 * copies (`later.deletedBetween`), or one main added between them (`later.ranges`) that an engine
 * hid before a writer's words in it reached that engine (`hidingOf` keeps such a block whole only
 * once it holds them). Read from the doc's rows (`rows`, whose deleted content is kept): a row that
 * deletes the block itself carries main's deletion or the hiding, whose other deletions inside the
 * block are not the writers'; every other row's are. What is copied: every writer's item no row
 * deleted, and of the rest what no writer deleted: the base's text in a block of the base, main's
 * in a block main added; never main's text from between the copies in a block of the base.
 *
 * A block put back before (`restoredBefore`) that writers' words reached since the hub last looked
 * (`analysed`: a writer on the earlier copy who syncs later, or words typed during a round trip)
 * is put back again with those words only (and the text around them that no writer wrote), after
 * its newest copy, under new block ids: copying it whole again would show the words of the first
 * copy twice. Of its child elements (list items, cells) only those holding such words come.
 */
export function restorationOf(
  rows: readonly Uint8Array[],
  base: Y.Snapshot,
  later: LaterCopy,
  restoredBefore: RestoredBlocks,
  analysed: ReadonlyMap<number, number> = new Map(),
): Restoration {
  // Each row's deletions alone: decoding its structs too costs four times as much on a large page.
  const deletions = rows.map((row) => Y.decodeUpdate(Y.diffUpdate(row, Y.encodeStateVectorFromUpdate(row))).ds);
  // Of a struct two rows hold, the doc keeps the first applied. A row that carries more of main's
  // deletions from between the copies comes later: a copy made on an engine that collected the
  // deleted blocks holds none of their content, which the earlier copy's rows hold.
  const mains = deletions.map((ds) => overlap(ds, later.deletedBetween));
  const order = [...rows.keys()].sort((x, y) => mains[x]! - mains[y]!);
  const written = buildDoc(order.map((index) => rows[index]!), { gc: false });
  const isWritten = (id: Y.ID) => id.clock >= (later.state.get(id.client) ?? 0);
  const arrivedSince = (id: Y.ID) => isWritten(id) && id.clock >= (analysed.get(id.client) ?? 0);
  const found: Found[] = [];
  // Rows that carry a later copy (they hold main's structs from between the copies): their deletions
  // of what main deleted then are main's. Any other row's deletion is a writer's.
  const carriers = rows.map((row) => holdsAny(row, later.ranges));
  const deletedByWriter = (id: Y.ID) =>
    deletions.some((ds, index) => Y.isDeleted(ds, id) && (!carriers[index] || !holds(later.deletedBetween, id)));
  /**
   * A block of the base the doc shows, as writers left it, where it reads as neither version
   * (`mixedBlocks`): the base's text no writer deleted, main's deletions from between the copies
   * undone, and every writer's text no row deleted; never main's insertions from between them.
   * None where the block holds none of main's deletions that only a later copy made, or no
   * writer's change.
   */
  const mixed = blocksHolding(written, later.deletedBetween);
  const writersVersion = (item: Y.Item, element: Y.XmlElement): Y.XmlElement | undefined => {
    if (!mixed.has(item)) return undefined;
    let undone = false;
    let written = false;
    for (const within of itemsWithin(item)) {
      for (const id of clocksOf(within)) {
        if (isWritten(id)) written ||= !deletedByWriter(id);
        else if (!isCovered(id, base.sv) || Y.isDeleted(base.ds, id) || !deletions.some((ds) => Y.isDeleted(ds, id))) continue;
        else if (holds(later.deletedBetween, id)) undone ||= !deletedByWriter(id);
        else written = true;
      }
    }
    if (!undone || !written) return undefined;
    const shown = (id: Y.ID) => (isWritten(id) ? !deletedByWriter(id) : isCovered(id, base.sv) && !Y.isDeleted(base.ds, id) && !deletedByWriter(id));
    return visibleCopy(element, { shown, text: shown, keep: () => true, renamed: false }, 0);
  };
  const visit = (list: Y.AbstractType<any>, depth: number, root?: string) => {
    if (depth > MAX_DEPTH) return;
    for (let item = list._start; item; item = item.right) {
      if (!(item.content instanceof Y.ContentType) || !(item.content.type instanceof Y.XmlElement)) continue;
      const element = item.content.type;
      const key = idKey(item.id);
      if (!item.deleted) {
        const copy = root !== undefined && !restoredBefore.has(key) && isCovered(item.id, base.sv) ? writersVersion(item, element) : undefined;
        if (copy) found.push({ root, id: item.id, key, copy, replaces: true });
        else visit(element, depth + 1);
        continue;
      }
      const addedByMain = holds(later.ranges, item.id);
      const again = restoredBefore.has(key);
      if (!(addedByMain || again || holds(later.deletedBetween, item.id))) continue;
      const others = deletions.filter((ds) => !Y.isDeleted(ds, item.id));
      // By clock, not by item: the doc merges a run of text once it is all deleted, whatever deleted it.
      const shown = (id: Y.ID) => {
        if (isWritten(id)) return !deletions.some((ds) => Y.isDeleted(ds, id));
        const kept = isCovered(id, base.sv) ? !Y.isDeleted(base.ds, id) : addedByMain;
        return kept && !others.some((ds) => Y.isDeleted(ds, id));
      };
      const counts = again ? arrivedSince : isWritten;
      if (!showsWritten(element, shown, counts, depth)) continue;
      const copy = again
        ? visibleCopy(element, { shown, text: (id) => shown(id) && (!isWritten(id) || arrivedSince(id)), keep: (child, at) => showsWritten(child, shown, counts, at), renamed: true }, depth)
        : visibleCopy(element, { shown, text: shown, keep: () => true, renamed: false }, depth);
      found.push({ root, id: item.id, key, copy, after: restoredBefore.get(key) });
    }
  };
  // A doc built from updates holds its root types untyped: the blocks are the elements in a list.
  for (const [root, type] of written.share) visit(type, 0, root);
  if (found.length === 0) return { restored: new Map() };
  const update = inserted(written, found);
  return { update, restored: new Map(found.map(({ key, copy }) => [key, idKey(copy._item!.id)])) };
}

/** A block to put back (at any depth): its item, its root type when it is a top-level one, the copy of it, and the copy of it put back before. */
interface Found {
  root?: string;
  id: Y.ID;
  key: string;
  copy: Y.XmlElement;
  after?: string;
  /** A block shown that the copy takes the place of (`writersVersion`): it goes. */
  replaces?: boolean;
}

/**
 * The update that inserts each copy after the copy put back before where it is still shown, else
 * after the nearest element shown before the one it copies, among its siblings; made on `written`,
 * which holds every struct and deletion of the doc held (its rows), and is not read again.
 */
function inserted(written: Y.Doc, found: readonly Found[]): Uint8Array | undefined {
  // Typed first: a root type read from updates is untyped, and typing it moves its items to the typed one.
  for (const { root } of found) if (root !== undefined) written.getXmlFragment(root);
  let update: Uint8Array | undefined;
  written.on('update', (made: Uint8Array) => {
    update = made;
  });
  Y.transact(written, (transaction) => {
    for (const { id, copy, after, replaces } of found) {
      const item = Y.getItem(written.store, id) as Y.Item;
      let left: Y.Item | null = (replaces ? item : after === undefined ? undefined : shownSibling(written, item, after)) ?? null;
      if (!left) {
        left = item.left;
        while (left && (left.deleted || !left.countable)) left = left.left;
      }
      (item.parent as Y.XmlFragment).insertAfter(left, [copy]);
      if (replaces) item.delete(transaction);
    }
  });
  return update;
}

type ShownClock = (id: Y.ID) => boolean;

/** The item `key` names if it is shown among `item`'s siblings (a writer may have deleted or moved a copy). */
function shownSibling(doc: Y.Doc, item: Y.Item, key: string): Y.Item | undefined {
  const [client, clock] = key.split(':').map(Number) as [number, number];
  if (Y.getState(doc.store, client) <= clock) return undefined;
  const sibling = Y.getItem(doc.store, Y.createID(client, clock));
  return sibling instanceof Y.Item && !sibling.deleted && sibling.parent === item.parent ? sibling : undefined;
}

/** The ids of an item's clocks. */
function* clocksOf(item: Y.Item): Generator<Y.ID> {
  for (let offset = 0; offset < item.length; offset++) yield Y.createID(item.id.client, item.id.clock + offset);
}

/** Whether the element holds, at any depth, a writer's clock that `counts` and is shown. */
function showsWritten(element: Y.XmlElement | Y.XmlText, shown: ShownClock, counts: ShownClock, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const entries = element instanceof Y.XmlElement ? [...element._map.values()] : [];
  for (const entry of entries) if (counts(entry.id) && shown(entry.id)) return true;
  for (let item = element._start; item; item = item.right) {
    const content = item.content;
    if (content instanceof Y.ContentFormat) continue;
    if (content instanceof Y.ContentType) {
      if (shown(item.id) && (counts(item.id) || ((content.type instanceof Y.XmlElement || content.type instanceof Y.XmlText) && showsWritten(content.type, shown, counts, depth + 1)))) return true;
    } else if ([...clocksOf(item)].some((id) => counts(id) && shown(id))) return true;
  }
  return false;
}

/**
 * What a copy takes: `shown`, the items and attribute values shown; `text`, the characters and
 * embeds of a text; `keep`, the child elements; `renamed`, whether its elements get new block ids
 * (a copy beside one that kept them).
 */
interface CopyRule {
  shown: ShownClock;
  text: ShownClock;
  keep: (child: Y.XmlElement, depth: number) => boolean;
  renamed: boolean;
}

/** A new element holding what `rule` takes of `element`: its attributes' values and its children. */
function visibleCopy(element: Y.XmlElement, rule: CopyRule, depth: number): Y.XmlElement {
  const copy = new Y.XmlElement(element.nodeName);
  for (const [key, latest] of element._map) {
    let entry: Y.Item | null = latest;
    while (entry && !rule.shown(entry.id)) entry = entry.left;
    if (entry) copy.setAttribute(key, rule.renamed && key === 'id' ? newBlockId() : (entry.content.getContent().at(-1) as string));
  }
  const children: (Y.XmlElement | Y.XmlText)[] = [];
  for (let item = element._start; item; item = item.right) {
    if (!rule.shown(item.id) || !(item.content instanceof Y.ContentType) || depth >= MAX_DEPTH) continue;
    const type = item.content.type;
    if (type instanceof Y.XmlElement && rule.keep(type, depth + 1)) children.push(visibleCopy(type, rule, depth + 1));
    else if (type instanceof Y.XmlText) children.push(visibleText(type, rule.shown, rule.text));
  }
  copy.insert(0, children);
  return copy;
}

/** A new text holding the characters and embeds `text` takes of `source`, with the formats `shown` shows in effect (as `toDelta` reads them). */
function visibleText(source: Y.XmlText, shown: ShownClock, text: ShownClock): Y.XmlText {
  const delta: { insert: unknown; attributes?: Record<string, unknown> }[] = [];
  let attributes: Record<string, unknown> = {};
  const push = (insert: unknown) => delta.push(Object.keys(attributes).length > 0 ? { insert, attributes } : { insert });
  for (let item = source._start; item; item = item.right) {
    const content = item.content;
    if (content instanceof Y.ContentFormat) {
      if (!shown(item.id)) continue;
      attributes = { ...attributes };
      if (content.value === null) delete attributes[content.key];
      else attributes[content.key] = content.value;
    } else if (content instanceof Y.ContentString) {
      const kept = [...clocksOf(item)].map((id, offset) => (text(id) ? content.str[offset] : '')).join('');
      if (kept.length > 0) push(kept);
    } else if (content instanceof Y.ContentEmbed && text(item.id)) push(content.embed);
  }
  const copy = new Y.XmlText();
  copy.applyDelta(delta);
  return copy;
}

/** Whether an update holds structs of `ranges` (read from its first and last clock per client). */
function holdsAny(update: Uint8Array, ranges: IdRanges): boolean {
  const { from, to } = Y.parseUpdateMeta(update);
  for (const [client, list] of ranges) {
    const [start, end] = [from.get(client), to.get(client)];
    if (start === undefined || end === undefined) continue;
    if (list.some(({ clock, len }) => clock < end && clock + len > start)) return true;
  }
  return false;
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
