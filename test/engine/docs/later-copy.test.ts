import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { deletionOf, itemsBetweenCopies } from '../../../src-main/engine/docs/later-copy.js';

/**
 * A change request's doc written on two copies of main (docs/sync.md, "Fork bases"): writer `a`
 * on the earlier copy E, writer `b` on the later copy L, main having edited its text and its map
 * between the two. Engines get the writers' updates in either order and each deletes, once it
 * holds L, what L holds past E (`itemsBetweenCopies`, `deletionOf`), some before `a`'s update has
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
        const early = Y.encodeStateAsUpdate(main);
        const earlyBase = Y.snapshot(main);
        edit(main, between);
        const later = Y.encodeStateAsUpdate(main);

        const a = docOf(A, early);
        edit(a, aOps);
        const b = docOf(B, later);
        edit(b, bOps);
        const [aUpdate, bUpdate] = [Y.encodeStateAsUpdate(a), Y.encodeStateAsUpdate(b)];

        const ranges = itemsBetweenCopies(earlyBase, later);
        expect(itemsBetweenCopies(earlyBase, later)).toEqual(ranges);
        const docs = engines.map(({ bFirst, deleteEarly }) => {
          const doc = docOf(0);
          const deletions: Uint8Array[] = [];
          const deleteHere = () => {
            const deletion = deletionOf(doc, ranges);
            if (deletion) {
              expect(Y.decodeUpdate(deletion).structs).toEqual([]);
              Y.applyUpdate(doc, deletion);
              deletions.push(deletion);
            }
          };
          for (const update of bFirst ? [bUpdate, aUpdate] : [aUpdate, bUpdate]) {
            Y.applyUpdate(doc, update);
            if (update === bUpdate && deleteEarly) deleteHere();
          }
          if (!deleteEarly) deleteHere();
          return { doc, deletions };
        });
        for (const { doc } of docs) for (const other of docs) for (const deletion of other.deletions) Y.applyUpdate(doc, deletion);

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

  it('leaves a value main gave a key the base shows, rather than no value', () => {
    const main = docOf(MAIN);
    main.getMap('m').set('title', 'Base');
    const base = Y.snapshot(main);
    main.getMap('m').set('title', 'Main');
    main.getMap('m').set('emoji', 'x');
    const doc = docOf(0, Y.encodeStateAsUpdate(main));
    const deletion = deletionOf(doc, itemsBetweenCopies(base, Y.encodeStateAsUpdate(main)));
    Y.applyUpdate(doc, deletion!);
    expect(doc.getMap('m').toJSON()).toEqual({ title: 'Main' });
  });
});
