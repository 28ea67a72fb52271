import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { holdsWrite, writtenSince } from '../../../../src-main/engine/core/docs/written-state.js';
import { editText, textOps } from './text-ops.js';

/**
 * What one write added to a doc (a conflict's resolution, named by its row for an engine that
 * gets the row first): another engine holds it exactly when it holds the write's items and shows
 * its deletions, whatever else it holds or lacks.
 */
const ops = textOps(8);
const edit = editText;

function docWith(clientID: number, ...updates: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  doc.clientID = clientID;
  for (const update of updates) Y.applyUpdate(doc, update);
  return doc;
}

describe('a write named by its snapshot', () => {
  it('is held by an engine once it holds the write, in whatever order it came, and not before', () => {
    fc.assert(
      fc.property(ops, ops, ops, ops, (history, elsewhere, write, later) => {
        // The doc as the writer had it: one writer's history, then another's edits it had received.
        const first = docWith(1);
        edit(first, history);
        const other = docWith(3, Y.encodeStateAsUpdate(first));
        edit(other, elsewhere);
        const before = docWith(2, Y.encodeStateAsUpdate(first), Y.encodeStateAsUpdate(other));
        const after = docWith(2, Y.encodeStateAsUpdate(before));
        edit(after, write);
        const written = writtenSince(before, after);
        if (!written) {
          expect(Y.encodeStateAsUpdate(after)).toEqual(Y.encodeStateAsUpdate(before));
          return;
        }
        expect(holdsWrite(after, written)).toBe(true);
        expect(holdsWrite(before, written)).toBe(false);
        // An engine that got the write before the other writer's edits it builds on holds it once those arrive too.
        const update = Y.encodeStateAsUpdate(after, Y.encodeStateVector(before));
        expect(holdsWrite(docWith(4, Y.encodeStateAsUpdate(first), update, Y.encodeStateAsUpdate(other)), written)).toBe(true);
        // Whatever is written after it, it stays held.
        const next = docWith(5, Y.encodeStateAsUpdate(after));
        edit(next, later);
        expect(holdsWrite(next, written)).toBe(true);
      }),
    );
  });

  it('names a write that only deleted', () => {
    const before = docWith(1);
    before.getText('t').insert(0, 'Keep main.');
    const after = docWith(2, Y.encodeStateAsUpdate(before));
    after.getText('t').delete(0, 5);
    const written = writtenSince(before, after)!;
    expect(written.sv.size).toBe(0);
    expect([...written.ds.clients.get(1)!].map(({ clock, len }) => [clock, len])).toEqual([[0, 5]]);
    expect(holdsWrite(before, written)).toBe(false);
    expect(holdsWrite(docWith(3, Y.encodeStateAsUpdate(after)), written)).toBe(true);
    expect(writtenSince(after, docWith(4, Y.encodeStateAsUpdate(after)))).toBeUndefined();
  });
});
