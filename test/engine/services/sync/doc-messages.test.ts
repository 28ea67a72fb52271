import { describe, expect, it } from 'vitest';
import { decodeDocMessage, encodeDocMessage, type DocMessage } from '../../../../src-main/engine/services/sync/doc-messages.js';

/** A change request doc's fork base rides last on `step2` and `update` (docs/sync.md, "The docs channel"). */
const bytes = (...values: number[]) => new Uint8Array(values);
const update: DocMessage = { type: 'update', docId: 'space/s/cr/c/page/p', update: bytes(0, 0), stateVector: bytes(1, 7, 3) };

describe('the fork base of a docs message', () => {
  it('refuses a count of conflicts the frame does not hold, as a malformed frame', () => {
    const moved = encodeDocMessage({ ...update, forkBase: { update: bytes(1, 2, 3), edited: true, movedFrom: bytes(1, 7, 2), conflicts: ['c1'] } });
    // The count (1, one byte before the id's length and the id itself) said to be 100.
    const lying = Uint8Array.from(moved);
    lying[moved.byteLength - 4] = 100;
    expect(() => decodeDocMessage(lying)).toThrow();
  });

  it('round-trips with the base an update moved from, and without it', () => {
    const moved: DocMessage = { ...update, forkBase: { update: bytes(1, 2, 3), edited: true, movedFrom: bytes(1, 7, 2) } };
    const withConflicts: DocMessage = { ...update, forkBase: { update: bytes(1, 2, 3), edited: true, movedFrom: bytes(1, 7, 2), conflicts: ['c1', 'c2'] } };
    expect(decodeDocMessage(encodeDocMessage(withConflicts))).toEqual(withConflicts);
    const copy: DocMessage = { ...update, forkBase: { update: bytes(1, 2, 3), edited: false } };
    expect(decodeDocMessage(encodeDocMessage(moved))).toEqual(moved);
    expect(decodeDocMessage(encodeDocMessage(copy))).toEqual(copy);
    expect(decodeDocMessage(encodeDocMessage(update))).toEqual(update);
  });

  it('only appends: a peer from before reads the message it knows and stops before the new field', () => {
    const copy = encodeDocMessage({ ...update, forkBase: { update: bytes(1, 2, 3), edited: true } });
    const moved = encodeDocMessage({ ...update, forkBase: { update: bytes(1, 2, 3), edited: true, movedFrom: bytes(1, 7, 2) } });
    expect(moved.subarray(0, copy.byteLength)).toEqual(copy);
    const withConflicts = encodeDocMessage({ ...update, forkBase: { update: bytes(1, 2, 3), edited: true, movedFrom: bytes(1, 7, 2), conflicts: ['c1'] } });
    expect(withConflicts.subarray(0, moved.byteLength)).toEqual(moved);
    expect(copy.subarray(0, encodeDocMessage(update).byteLength)).toEqual(encodeDocMessage(update));
  });
});
