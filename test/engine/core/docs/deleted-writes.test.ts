import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { mixedBlocks, restorationOf, swallowedWrites } from '../../../../src-main/engine/core/docs/deleted-writes.js';
import { hidingOf, laterCopyOf } from '../../../../src-main/engine/core/docs/later-copy.js';

/**
 * A change request's page written on two copies of main (docs/sync.md, "Fork bases"): main deletes
 * paragraphs between the copies; writer `a`, on the earlier copy, types in some of them (and may
 * erase part of what it typed); writer `b`, on the later copy, adds a paragraph. The hub gets both
 * in either order, as a doc whose deleted content is collected (as the doc store holds it), and
 * puts back what `a` wrote in the paragraphs main deleted. Then `a`, still on its copy (a round
 * trip, or a third writer who syncs later), types more, in words of another alphabet, and the hub
 * puts back what reached it since.
 */
const PARAGRAPHS = 6;

const typing = (word: RegExp) => fc.record({ paragraph: fc.nat(PARAGRAPHS - 1), at: fc.nat(8), word: fc.stringMatching(word), erase: fc.nat(3) });
const story = fc.record({
  deleted: fc.uniqueArray(fc.nat(PARAGRAPHS - 1), { maxLength: PARAGRAPHS }),
  typed: fc.array(typing(/^[A-Z]{2,5}$/), { maxLength: 5 }),
  typedLater: fc.array(typing(/^[v-z]{2,5}$/), { maxLength: 4 }),
  bFirst: fc.boolean(),
});

function paragraph(text: string): Y.XmlElement {
  const element = new Y.XmlElement('paragraph');
  element.setAttribute('id', `block-${text}`);
  const content = new Y.XmlText();
  content.insert(0, text);
  element.insert(0, [content]);
  return element;
}

const body = (doc: Y.Doc) => doc.getXmlFragment('body');
const textOf = (element: Y.XmlElement) => (element.get(0) as Y.XmlText).toString();
const texts = (doc: Y.Doc) => body(doc).toArray().map((element) => textOf(element as Y.XmlElement));

function copyOf(update: Uint8Array, gc = false): Y.Doc {
  const doc = new Y.Doc({ gc });
  Y.applyUpdate(doc, update);
  return doc;
}

/** Types each word at its place in its paragraph, then erases part of it (never all of it). */
function type(doc: Y.Doc, typed: readonly { paragraph: number; at: number; word: string; erase: number }[]): void {
  for (const { paragraph: index, at, word, erase } of typed) {
    const text = (body(doc).get(index) as Y.XmlElement).get(0) as Y.XmlText;
    const from = at % (text.length + 1);
    text.insert(from, word);
    text.delete(from, Math.min(erase, word.length - 1));
  }
}

/** `b` adds a paragraph on the later copy; the hub gets both writers' docs as rows, in the order given, into a doc whose deleted content is collected. */
function meetAtHub(a: Y.Doc, later: Uint8Array, bFirst: boolean): { rows: Uint8Array[]; hub: Y.Doc } {
  const b = copyOf(later);
  body(b).insert(body(b).length, [paragraph('b')]);
  const rows = bFirst ? [Y.encodeStateAsUpdate(b), Y.encodeStateAsUpdate(a)] : [Y.encodeStateAsUpdate(a), Y.encodeStateAsUpdate(b)];
  const hub = new Y.Doc();
  for (const row of rows) Y.applyUpdate(hub, row);
  return { rows, hub };
}

describe('putting back what a writer wrote in blocks main deleted between two copies', () => {
  it('shows each paragraph main deleted that the earlier copy\'s writer changed once, as that writer left it, then the words that reached the hub later once, and nothing else main deleted', () => {
    fc.assert(
      fc.property(story, ({ deleted, typed, typedLater, bFirst }) => {
        const main = new Y.Doc();
        body(main).insert(0, Array.from({ length: PARAGRAPHS }, (_, index) => paragraph(`base${index}`)));
        const early = Y.encodeStateAsUpdate(main);
        const base = Y.snapshot(main);
        for (const index of [...deleted].sort((x, y) => y - x)) body(main).delete(index, 1);
        const later = Y.encodeStateAsUpdate(main);

        const a = copyOf(early);
        type(a, typed);
        const { rows, hub } = meetAtHub(a, later, bFirst);
        const laterCopy = laterCopyOf(base, later);
        const first = texts(a);
        const changed = (index: number, before: string, after: string) => deleted.includes(index) && after !== before;
        const lost = deleted.filter((index) => changed(index, `base${index}`, first[index]!));

        // The hub's first look, as the doc store makes it: what it put back, and the state it looked at.
        expect(swallowedWrites(hub, laterCopy, new Map())).toBe(lost.length > 0);
        let restoredBefore = new Map<string, string>();
        let analysed = new Map<number, number>();
        if (lost.length > 0) {
          analysed = Y.decodeStateVector(Y.encodeStateVector(hub));
          const { update, restored } = restorationOf(rows, base, laterCopy, new Map());
          expect(restored.size).toBe(lost.length);
          Y.applyUpdate(hub, update!);
          rows.push(update!);
          restoredBefore = restored;
          // Again, with what was put back named: nothing more.
          expect(restorationOf(rows, base, laterCopy, restoredBefore, analysed).update).toBeUndefined();
        }
        const firstShown = texts(hub);

        const typedBefore = Y.encodeStateVector(a);
        type(a, typedLater);
        const late = Y.encodeStateAsUpdate(a, typedBefore);
        Y.applyUpdate(hub, late);
        rows.push(late);
        const second = texts(a);
        const lostLater = deleted.filter((index) => changed(index, first[index]!, second[index]!));
        expect(swallowedWrites(hub, laterCopy, analysed)).toBe(lostLater.length > 0);
        if (lostLater.length > 0) {
          const { update, restored } = restorationOf(rows, base, laterCopy, restoredBefore, analysed);
          expect(restored.size).toBe(lostLater.length);
          analysed = Y.decodeStateVector(Y.encodeStateVector(hub));
          Y.applyUpdate(hub, update!);
          rows.push(update!);
          restoredBefore = new Map([...restoredBefore, ...restored]);
          expect(restorationOf(rows, base, laterCopy, restoredBefore, analysed).update).toBeUndefined();
        }

        const shown = texts(hub);
        for (let index = 0; index < PARAGRAPHS; index++) {
          if (!deleted.includes(index)) {
            expect(shown.filter((text) => text === second[index]).length, `paragraph ${index}`).toBe(1);
            continue;
          }
          const wasLost = lost.includes(index);
          const wroteLater = lostLater.includes(index);
          if (!wasLost) {
            // Put back once, whole, when words first reached it.
            expect(shown.filter((text) => text === second[index]).length, `paragraph ${index}`).toBe(wroteLater ? 1 : 0);
            continue;
          }
          // The first copy stays as it was put back; the later words follow it, in the text around them that no writer wrote.
          const at = shown.indexOf(first[index]!);
          expect(at, `paragraph ${index}`).toBeGreaterThanOrEqual(0);
          expect(firstShown).toContain(first[index]);
          if (wroteLater) expect(shown[at + 1], `paragraph ${index}`).toBe(second[index]!.replace(/[A-Z]/g, ''));
        }
        expect(shown.filter((text) => text === 'b')).toHaveLength(1);
        expect(shown).toHaveLength(PARAGRAPHS - deleted.length + lost.length + lostLater.length + 1);
        // A first copy keeps its block's id; a later one has one of its own.
        const ids = (body(hub).toArray() as Y.XmlElement[]).map((element) => element.getAttribute('id'));
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.filter((id) => !id?.startsWith('block-'))).toHaveLength(lost.filter((index) => lostLater.includes(index)).length);
      }),
      { numRuns: 150 },
    );
  });

  it('puts back each paragraph main rewrote between the copies that the earlier copy\'s writer changed as that writer left it, once, and leaves the others as main or the writer has them', () => {
    const edit = fc.record({ paragraph: fc.nat(PARAGRAPHS - 1), at: fc.nat(8), length: fc.nat(4) });
    const mixing = fc.record({
      rewritten: fc.uniqueArray(edit, { selector: (one) => one.paragraph, maxLength: PARAGRAPHS }),
      typed: fc.array(fc.record({ paragraph: fc.nat(PARAGRAPHS - 1), at: fc.nat(8), word: fc.stringMatching(/^[A-Z]{2,5}$/), eraseBase: fc.nat(3) }), { maxLength: 5 }),
      bFirst: fc.boolean(),
    });
    const textIn = (doc: Y.Doc, index: number) => (body(doc).get(index) as Y.XmlElement).get(0) as Y.XmlText;
    fc.assert(
      fc.property(mixing, ({ rewritten, typed, bFirst }) => {
        const main = new Y.Doc();
        body(main).insert(0, Array.from({ length: PARAGRAPHS }, (_, index) => paragraph(`base${index}`)));
        const early = Y.encodeStateAsUpdate(main);
        const base = Y.snapshot(main);
        // Main rewrites part of some paragraphs: deletes a few characters and writes its own there.
        for (const { paragraph: index, at, length } of rewritten) {
          const text = textIn(main, index);
          const from = at % text.length;
          text.delete(from, Math.min(Math.max(length, 1), text.length - from));
          text.insert(from, 'main');
        }
        const later = Y.encodeStateAsUpdate(main);

        // `a` types words, and may erase characters of the base after them.
        const a = copyOf(early);
        for (const { paragraph: index, at, word, eraseBase } of typed) {
          const text = textIn(a, index);
          const from = at % (text.length + 1);
          text.insert(from, word);
          text.delete(from + word.length, Math.min(eraseBase, text.length - from - word.length));
        }
        const { rows, hub } = meetAtHub(a, later, bFirst);
        const laterCopy = laterCopyOf(base, later);
        const hiding = hidingOf(hub, base, laterCopy);
        if (hiding) {
          Y.applyUpdate(hub, hiding);
          rows.push(hiding);
        }
        const analysed = Y.decodeStateVector(Y.encodeStateVector(hub));
        const writers = texts(a);
        const touched = (index: number) => writers[index] !== `base${index}`;
        if (mixedBlocks(hub, base, laterCopy, new Map(), new Map())) {
          const { update, restored } = restorationOf(rows, base, laterCopy, new Map());
          if (update) {
            Y.applyUpdate(hub, update);
            rows.push(update);
          }
          // Again, with what was put back named: nothing more.
          expect(mixedBlocks(hub, base, laterCopy, restored, analysed)).toBe(false);
          expect(restorationOf(rows, base, laterCopy, restored, analysed).update).toBeUndefined();
        }
        const mains = texts(copyOf(later));
        const rewrote = new Set(rewritten.map((one) => one.paragraph));
        const expected = writers.map((text, index) => (rewrote.has(index) && !touched(index) ? mains[index]! : text));
        expect(texts(hub)).toEqual([...expected, 'b']);
        const ids = (body(hub).toArray() as Y.XmlElement[]).map((element) => element.getAttribute('id'));
        expect(ids).toEqual([...Array.from({ length: PARAGRAPHS }, (_, index) => `block-base${index}`), 'block-b']);
      }),
      { numRuns: 150 },
    );
  });

  it('puts back a paragraph main added between the copies that the hub hid before the words a writer typed in it arrived, with main\'s text and the writer\'s', () => {
    const main = new Y.Doc();
    body(main).insert(0, [paragraph('kept')]);
    const early = Y.encodeStateAsUpdate(main);
    const base = Y.snapshot(main);
    body(main).insert(1, [paragraph('added')]);
    const later = Y.encodeStateAsUpdate(main);
    const a = copyOf(early);
    ((body(a).get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(4, ' by a');
    const b = copyOf(later);
    const rows = [Y.encodeStateAsUpdate(a), Y.encodeStateAsUpdate(b)];
    const hub = new Y.Doc();
    for (const row of rows) Y.applyUpdate(hub, row);
    const laterCopy = laterCopyOf(base, later);
    const hiding = hidingOf(hub, base, laterCopy)!;
    Y.applyUpdate(hub, hiding);
    expect(texts(hub)).toEqual(['kept by a']);
    // `b` typed in main's paragraph before the hiding reached it.
    const typed = Y.encodeStateVector(b);
    ((body(b).get(1) as Y.XmlElement).get(0) as Y.XmlText).insert(5, ' and b');
    const late = Y.encodeStateAsUpdate(b, typed);
    Y.applyUpdate(hub, late);
    expect(texts(hub)).toEqual(['kept by a']);

    expect(swallowedWrites(hub, laterCopy, new Map())).toBe(true);
    const { update, restored } = restorationOf([...rows, hiding, late], base, laterCopy, new Map());
    expect(restored).toHaveLength(1);
    Y.applyUpdate(hub, update!);
    expect(texts(hub)).toEqual(['kept by a', 'added and b']);
    expect(hidingOf(hub, base, laterCopy)).toBeUndefined();
  });

  it('puts back a list item main deleted between the copies that the earlier copy\'s writer wrote in, inside its list', () => {
    const item = (text: string) => {
      const element = new Y.XmlElement('listItem');
      element.insert(0, [paragraph(text)]);
      return element;
    };
    const main = new Y.Doc();
    const list = new Y.XmlElement('bulletList');
    list.insert(0, [item('one'), item('two'), item('three')]);
    body(main).insert(0, [list]);
    const early = Y.encodeStateAsUpdate(main);
    const base = Y.snapshot(main);
    ((body(main).get(0) as Y.XmlElement).delete(1, 1));
    const later = Y.encodeStateAsUpdate(main);
    const a = copyOf(early);
    const two = ((body(a).get(0) as Y.XmlElement).get(1) as Y.XmlElement).get(0) as Y.XmlElement;
    (two.get(0) as Y.XmlText).insert(3, ' and more');
    const rows = [Y.encodeStateAsUpdate(copyOf(later, true)), Y.encodeStateAsUpdate(a)];
    const hub = new Y.Doc();
    for (const row of rows) Y.applyUpdate(hub, row);
    const laterCopy = laterCopyOf(base, later);
    expect(swallowedWrites(hub, laterCopy, new Map())).toBe(true);
    Y.applyUpdate(hub, restorationOf(rows, base, laterCopy, new Map()).update!);
    const items = (body(hub).get(0) as Y.XmlElement).toArray().map((element) => textOf((element as Y.XmlElement).get(0) as Y.XmlElement));
    expect(items).toEqual(['one', 'two and more', 'three']);
  });

  it('reads a copy whose engine collected the deleted paragraph as the earlier copy holds it, in whichever order the rows come', () => {
    const main = new Y.Doc();
    body(main).insert(0, [paragraph('kept'), paragraph('gone')]);
    const early = Y.encodeStateAsUpdate(main);
    const base = Y.snapshot(main);
    body(main).delete(1, 1);
    const later = Y.encodeStateAsUpdate(main);
    const a = copyOf(early);
    ((body(a).get(1) as Y.XmlElement).get(0) as Y.XmlText).insert(4, ' and more');
    // `b`'s engine collected what main deleted: its copy holds the paragraph's text as collected structs.
    const b = copyOf(later, true);
    for (const rows of [[Y.encodeStateAsUpdate(b), Y.encodeStateAsUpdate(a)], [Y.encodeStateAsUpdate(a), Y.encodeStateAsUpdate(b)]]) {
      const hub = new Y.Doc();
      for (const row of rows) Y.applyUpdate(hub, row);
      const { update } = restorationOf(rows, base, laterCopyOf(base, later), new Map());
      Y.applyUpdate(hub, update!);
      expect(texts(hub)).toEqual(['kept', 'gone and more']);
    }
  });
});
