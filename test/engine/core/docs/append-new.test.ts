import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { advance } from '../../../../src-main/engine/core/docs/state-vector.js';
import type { DocStore } from '../../../../src-main/engine/core/docs/store.js';
import { Stores } from './fixture.js';
import { editText, textOps } from './text-ops.js';

/**
 * `appendNew`: an update appended with the state vector its maker (a worker thread) found it
 * brings the doc to from `held`, so that the store does not decode it again. The store must record
 * what `append` would have recorded, and take `append`'s path whenever the doc no longer stands at
 * `held` (written meanwhile, or created since the maker found none).
 */
let stores: Stores;
let docs: DocStore;
let twin: DocStore;
beforeEach(() => {
  stores = new Stores();
  docs = stores.open().store;
  twin = stores.open().store;
});
afterEach(() => stores.close());

const ops = textOps(6);

/** The update `list` makes on a doc holding `updates`, by `clientID`. */
function edit(clientID: number, updates: readonly Uint8Array[], list: Parameters<typeof editText>[1]): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = clientID;
  for (const update of updates) Y.applyUpdate(doc, update);
  const before = Y.encodeStateVector(doc);
  editText(doc, list);
  return Y.encodeStateAsUpdate(doc, before);
}

/** What a pull's worker sends with a write: the state vector the update brings the doc to from `held`. */
const reached = (update: Uint8Array, held?: Uint8Array) =>
  Y.encodeStateVector(advance(held ? Y.decodeStateVector(held) : new Map(), Y.decodeUpdate(update).structs));

const written = (store: DocStore, docId: string) => ({ stateVector: store.stateVector(docId), text: store.load(docId).getText('t').toString() });

describe('an update appended with the state it reaches', () => {
  it('records what append records, from the state its maker found, written meanwhile or not', () => {
    fc.assert(
      fc.property(fc.array(ops, { maxLength: 3 }), ops, ops, fc.boolean(), (history, meanwhile, write, held) => {
        const docId = `d${Math.random()}`;
        const rows: Uint8Array[] = [];
        history.forEach((list, i) => rows.push(edit(10 + i, rows, list)));
        for (const row of rows) for (const store of [docs, twin]) expect(store.append(docId, row).ok).toBe(true);
        // The maker read the doc (or, `held` false, found none), then planned its write.
        const found = held ? docs.stateVector(docId) : undefined;
        const update = edit(99, rows, write);
        if (meanwhile.length > 0) {
          const other = edit(50, rows, meanwhile);
          for (const store of [docs, twin]) expect(store.append(docId, other).ok).toBe(true);
        }
        docs.appendNew(docId, update, reached(update, found), found);
        expect(twin.append(docId, update).ok).toBe(true);
        expect(written(docs, docId)).toEqual(written(twin, docId));
      }),
      { numRuns: 150 },
    );
  });

  it('takes the path of append when the doc no longer stands where its maker found it', () => {
    const first = edit(1, [], [{ kind: 'insert', at: 0, text: 'ab' }]);
    const update = edit(2, [first], [{ kind: 'insert', at: 2, text: 'cd' }]);
    expect(docs.append('d', first).ok).toBe(true);
    // A state vector that claims what the doc does not hold: written as it stands, the doc would claim it too.
    const claimed = Y.encodeStateVector(new Map([[1, 2], [2, 2], [7, 40]]));
    docs.appendNew('d', update, claimed, Y.encodeStateVector(new Map([[1, 1]])));
    expect(Y.decodeStateVector(docs.stateVector('d'))).toEqual(new Map([[1, 2], [2, 2]]));
    // Where it stands as found, the maker's state is taken as it is.
    docs.appendNew('e', first, claimed);
    expect(Y.decodeStateVector(docs.stateVector('e'))).toEqual(Y.decodeStateVector(claimed));
    // A doc that has rows by then, where its maker found none.
    docs.appendNew('d', edit(3, [first, update], [{ kind: 'insert', at: 0, text: 'x' }]), claimed);
    expect(Y.decodeStateVector(docs.stateVector('d'))).toEqual(new Map([[1, 2], [2, 2], [3, 1]]));
  });
});
