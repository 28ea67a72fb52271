import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { deletionOf, hidingOf, laterCopyOf } from '../../../../src-main/engine/core/docs/later-copy.js';

/**
 * A change request's doc written on two copies of main (docs/sync.md, "Fork bases"): writer `a`
 * on the earlier copy E, writer `b` on the later copy L, main having edited its text and its map
 * between the two. Engines get the writers' updates in either order and each deletes, once it
 * holds L, what L holds past E (`laterCopyOf`, `deletionOf`), some before `a`'s update has
 * arrived; then they exchange their deletions.
 */
const MAIN = 1;
const A = 2;
const B = 3;
const KEYS = ['kept', 'gone', 'new0', 'new1'] as const;

type Op = { kind: 'insert'; at: number; text: string } | { kind: 'delete'; at: number; len: number } | { kind: 'set'; key: string; value: number } | { kind: 'unset'; key: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(40), text: fc.stringMatching(/^[a-z]{1,5}$/) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(40), len: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...KEYS), value: fc.nat(99) }),
  fc.record({ kind: fc.constant('unset' as const), key: fc.constantFrom(...KEYS) }),
);
const ops = fc.array(op, { maxLength: 8 });

/** Each engine: which writer's update it gets first, and whether it deletes before the other arrives. */
const engine = fc.record({ bFirst: fc.boolean(), deleteEarly: fc.boolean() });

function edit(doc: Y.Doc, list: readonly Op[]): void {
  const text = doc.getText('t');
  const map = doc.getMap<number>('m');
  for (const change of list) {
    if (change.kind === 'insert') text.insert(change.at % (text.length + 1), change.text);
    else if (change.kind === 'delete' && text.length > 0) {
      const at = change.at % text.length;
      text.delete(at, Math.min(change.len, text.length - at));
    } else if (change.kind === 'set') map.set(change.key, change.value);
    else if (change.kind === 'unset') map.delete(change.key);
  }
}

function docOf(client: number, ...updates: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc({ gc: false });
  doc.clientID = client;
  for (const update of updates) Y.applyUpdate(doc, update);
  return doc;
}

/**
 * Main copied before and after `between`: `a` writes `aOps` on the earlier copy, `b` `bOps` on the
 * later; with what the later copy holds past the earlier (`laterCopyOf`).
 */
function twoCopies<T>(main: Y.Doc, edit: (doc: Y.Doc, ops: readonly T[]) => void, between: readonly T[], aOps: readonly T[], bOps: readonly T[]) {
  const early = Y.encodeStateAsUpdate(main);
  const earlyBase = Y.snapshot(main);
  edit(main, between);
  const later = Y.encodeStateAsUpdate(main);
  const a = docOf(A, early);
  edit(a, aOps);
  const b = docOf(B, later);
  edit(b, bOps);
  return { early, earlyBase, later, a, b, aUpdate: Y.encodeStateAsUpdate(a), bUpdate: Y.encodeStateAsUpdate(b), ranges: laterCopyOf(earlyBase, later).ranges };
}

/**
 * Each engine gets the writers' updates in its order and deletes what `deletionFor` finds once it
 * holds `b`'s (the later copy), perhaps before `a`'s arrives, and again after both; then the
 * engines exchange their deletions.
 */
function onEngines(
  engines: readonly { bFirst: boolean; deleteEarly: boolean }[],
  aUpdate: Uint8Array,
  bUpdate: Uint8Array,
  deletionFor: (doc: Y.Doc) => Uint8Array | undefined,
): { doc: Y.Doc; deletions: Uint8Array[] }[] {
  const docs = engines.map(({ bFirst, deleteEarly }) => {
    const doc = docOf(0);
    const deletions: Uint8Array[] = [];
    const deleteHere = () => {
      const deletion = deletionFor(doc);
      if (!deletion) return;
      expect(Y.decodeUpdate(deletion).structs).toEqual([]);
      Y.applyUpdate(doc, deletion);
      deletions.push(deletion);
    };
    for (const update of bFirst ? [bUpdate, aUpdate] : [aUpdate, bUpdate]) {
      Y.applyUpdate(doc, update);
      if (update === bUpdate && deleteEarly) deleteHere();
    }
    // Run again once both are here, as a push that comes with the base kept does.
    deleteHere();
    return { doc, deletions };
  });
  for (const { doc } of docs) for (const other of docs) for (const deletion of other.deletions) Y.applyUpdate(doc, deletion);
  return docs;
}

const read = (doc: Y.Doc) => ({ text: doc.getText('t').toString(), map: doc.getMap('m').toJSON() });

/** Items of `client` in the text, with whether they are deleted, clock by clock. */
function textClocks(doc: Y.Doc, client: number): Map<number, boolean> {
  const clocks = new Map<number, boolean>();
  for (let item = doc.getText('t')._start; item; item = item.right) {
    if (item.id.client !== client || item.parentSub !== null) continue;
    for (let i = 0; i < item.length; i++) clocks.set(item.id.clock + i, item.deleted);
  }
  return clocks;
}

const world = fc.record({ mainBefore: ops, between: ops, a: ops, b: ops, engines: fc.array(engine, { minLength: 1, maxLength: 3 }) });

describe('what a later copy of main holds past an earlier base', () => {
  it('is deleted from the change request alike on every engine whatever the order, once, keeping every writer\'s text', () => {
    fc.assert(
      fc.property(world, ({ mainBefore, between, a: aOps, b: bOps, engines }) => {
        const main = docOf(MAIN);
        main.getText('t').insert(0, 'Base text here.');
        main.getMap('m').set('kept', 0);
        main.getMap('m').set('gone', 0);
        main.getMap('m').delete('gone');
        edit(main, mainBefore);
        const { early, earlyBase, later, a, b, aUpdate, bUpdate, ranges } = twoCopies(main, edit, between, aOps, bOps);
        expect(laterCopyOf(earlyBase, later).ranges).toEqual(ranges);
        const docs = onEngines(engines, aUpdate, bUpdate, (doc) => deletionOf(doc, ranges));

        const first = read(docs[0]!.doc);
        for (const { doc } of docs) {
          expect(read(doc)).toEqual(first);
          expect(deletionOf(doc, ranges)).toBeUndefined();
        }
        const done = docs[0]!.doc;
        // Main's text from between the copies is gone; its text from before stays as the later copy has it.
        for (const [clock, deleted] of textClocks(done, MAIN)) {
          if (clock >= (earlyBase.sv.get(MAIN) ?? 0)) expect(deleted).toBe(true);
        }
        // Every writer's text shows as that writer left it.
        for (const [writer, client] of [[a, A], [b, B]] as const) {
          const own = textClocks(writer, client);
          for (const [clock, deleted] of textClocks(done, client)) expect(deleted).toBe(own.get(clock));
        }
        // A key the base shows no value for, which main set between the copies and no writer set, has none.
        const inBase = docOf(0, early).getMap('m');
        for (const key of KEYS) {
          const setByWriter = [...aOps, ...bOps].some((change) => change.kind === 'set' && change.key === key);
          if (!setByWriter && !inBase.has(key)) expect(done.getMap('m').has(key)).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('hides main\'s later text only in paragraphs a writer touched, and keeps whole those main added that a writer wrote in, alike on every engine', () => {
    /** Paragraphs as elements of a fragment: text inserted into or deleted from one, or a paragraph appended. */
    type Edit = { paragraph: number; at: number; text: string } | { paragraph: number; at: number; len: number } | { add: string };
    const edits = fc.array(
      fc.oneof(
        fc.record({ paragraph: fc.nat(9), at: fc.nat(20), text: fc.stringMatching(/^[a-z]{1,4}$/) }),
        fc.record({ paragraph: fc.nat(9), at: fc.nat(20), len: fc.integer({ min: 1, max: 3 }) }),
        fc.record({ add: fc.stringMatching(/^[A-Z][a-z]{0,4}$/) }),
      ),
      { maxLength: 6 },
    );
    const apply = (doc: Y.Doc, list: readonly Edit[]) => {
      const body = doc.getXmlFragment('body');
      for (const change of list) {
        if ('add' in change) {
          const paragraph = new Y.XmlElement('paragraph');
          paragraph.insert(0, [new Y.XmlText(change.add)]);
          body.push([paragraph]);
          continue;
        }
        if (body.length === 0) continue;
        const text = (body.get(change.paragraph % body.length) as Y.XmlElement).get(0) as Y.XmlText;
        if ('text' in change) text.insert(change.at % (text.length + 1), change.text);
        else if (text.length > 0) {
          const at = change.at % text.length;
          text.delete(at, Math.min(change.len, text.length - at));
        }
      }
    };
    /** Every paragraph the fragment holds, deleted ones too. */
    const paragraphsOf = (doc: Y.Doc) => {
      const list: Y.XmlElement[] = [];
      for (let item = doc.getXmlFragment('body')._start; item; item = item.right) if (item.content instanceof Y.ContentType) list.push(item.content.type as Y.XmlElement);
      return list;
    };
    fc.assert(
      fc.property(edits, edits, edits, fc.array(engine, { minLength: 1, maxLength: 3 }), (between, aEdits, bEdits, engines) => {
        const main = docOf(MAIN);
        apply(main, [{ add: 'Base' }, { add: 'Also' }]);
        const { earlyBase, later, a, b, aUpdate, bUpdate } = twoCopies(main, apply, between, aEdits, bEdits);
        const laterCopy = laterCopyOf(earlyBase, later);
        // Read from a page's doc that holds the copy's structs (deleted content collected, as the doc store holds it), the copy hides the same.
        const held = new Y.Doc();
        for (const update of [aUpdate, bUpdate]) Y.applyUpdate(held, update);
        const fromHeld = laterCopyOf(earlyBase, later, held);
        expect([fromHeld.state, fromHeld.deletions, fromHeld.deletedBetween]).toEqual([laterCopy.state, laterCopy.deletions, laterCopy.deletedBetween]);
        expect(hidingOf(held, earlyBase, fromHeld)).toEqual(hidingOf(held, earlyBase, laterCopy));
        const docs = onEngines(engines, aUpdate, bUpdate, (doc) => hidingOf(doc, earlyBase, laterCopy));

        const done = docs[0]!.doc;
        for (const { doc } of docs) expect(doc.getXmlFragment('body').toString()).toBe(done.getXmlFragment('body').toString());
        const mainsBefore = earlyBase.sv.get(MAIN) ?? 0;
        const inLater = docOf(0, later);
        const laterOf = (paragraph: Y.XmlElement) => paragraphsOf(inLater).find((p) => sameItem(p, paragraph));
        // Main's paragraphs (the writers' own are below).
        for (const paragraph of paragraphsOf(done).filter((p) => p._item!.id.client === MAIN)) {
          const added = paragraph._item!.id.clock >= mainsBefore;
          const shown = !paragraph._item!.deleted;
          if (added) {
            // A paragraph main added between the copies shows exactly when a writer wrote in it, and then as `b` left it.
            const writtenIn = hasItemOf(paragraph, [A, B]);
            expect(shown).toBe(writtenIn);
            if (writtenIn) expect(shownText(paragraph, MAIN)).toBe(shownText(paragraphsOf(b).find((p) => sameItem(p, paragraph))!, MAIN));
          } else if (touchedBy(paragraph, laterOf(paragraph)!, [A, B], mainsBefore)) {
            // In a paragraph of the base a writer touched, nothing main wrote between the copies shows.
            expect(shownText(paragraph, MAIN, mainsBefore)).toBe('');
          } else {
            // One no writer touched reads as the later copy has it, but for what `b` deleted of main's text there.
            expect(paragraph.toString()).toBe(paragraphsOf(b).find((p) => sameItem(p, paragraph))!.toString());
          }
        }
        // No writer's text is ever hidden.
        for (const [writer, client] of [[a, A], [b, B]] as const) expect(writtenClocks(done, client)).toEqual(writtenClocks(writer, client));
      }),
      { numRuns: 200 },
    );
  });

  it('leaves a value main gave a key the base shows, rather than no value', () => {
    const main = docOf(MAIN);
    main.getMap('m').set('title', 'Base');
    const base = Y.snapshot(main);
    main.getMap('m').set('title', 'Main');
    main.getMap('m').set('emoji', 'x');
    const doc = docOf(0, Y.encodeStateAsUpdate(main));
    const deletion = deletionOf(doc, laterCopyOf(base, Y.encodeStateAsUpdate(main)).ranges);
    Y.applyUpdate(doc, deletion!);
    expect(doc.getMap('m').toJSON()).toEqual({ title: 'Main' });
  });
});

/** Whether the element holds an item of one of `clients` in its text. */
function hasItemOf(element: Y.XmlElement, clients: number[]): boolean {
  for (let item = textOf(element)?._start ?? null; item; item = item.right) if (clients.includes(item.id.client)) return true;
  return false;
}

/** The text `client` wrote in the element from clock `from` on that shows. */
function shownText(element: Y.XmlElement, client: number, from = 0): string {
  let text = '';
  for (let item = textOf(element)?._start ?? null; item; item = item.right) {
    if (item.id.client === client && item.id.clock >= from && !item.deleted && item.content instanceof Y.ContentString) text += item.content.str;
  }
  return text;
}

/** Whether a writer wrote in the paragraph, or deleted text of the base (main's before clock `baseEnd`) that the later copy still shows there. */
function touchedBy(paragraph: Y.XmlElement, inLater: Y.XmlElement, writers: number[], baseEnd: number): boolean {
  if (hasItemOf(paragraph, writers)) return true;
  const shownLater = new Set<string>();
  for (let item = textOf(inLater)?._start ?? null; item; item = item.right) {
    for (let i = 0; i < item.length; i++) if (!item.deleted && item.id.clock + i < baseEnd) shownLater.add(`${item.id.client}:${item.id.clock + i}`);
  }
  for (let item = textOf(paragraph)?._start ?? null; item; item = item.right) {
    for (let i = 0; i < item.length; i++) if (item.deleted && shownLater.has(`${item.id.client}:${item.id.clock + i}`)) return true;
  }
  return false;
}

const textOf = (element: Y.XmlElement) => element.get(0) as Y.XmlText | undefined;

/** The text items `client` wrote in the fragment's paragraphs, clock by clock, with whether each shows. */
function writtenClocks(doc: Y.Doc, client: number): Map<number, boolean> {
  const clocks = new Map<number, boolean>();
  for (const paragraph of doc.getXmlFragment('body').toArray() as Y.XmlElement[]) {
    for (let item = textOf(paragraph)?._start ?? null; item; item = item.right) {
      if (item.id.client !== client) continue;
      for (let i = 0; i < item.length; i++) clocks.set(item.id.clock + i, !item.deleted && !paragraph._item!.deleted);
    }
  }
  return clocks;
}

const sameItem = (a: Y.XmlElement, b: Y.XmlElement) => Y.compareIDs(a._item!.id, b._item!.id);
