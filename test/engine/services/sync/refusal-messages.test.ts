import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeDocMessage, encodeDocMessage } from '../../../../src-main/engine/services/sync/doc-messages.js';

const bytes = fc.uint8Array({ maxLength: 40 });
const refusal = fc.record({ type: fc.constant('refused' as const), docId: fc.string({ maxLength: 60 }), reason: fc.string(), stateVector: bytes });

describe("the hub's refusal carries its whole doc last (docs/sync.md, the docs channel)", () => {
  it('round-trips with the doc, and without it (a hub from before)', () => {
    fc.assert(
      fc.property(refusal, bytes, (sent, state) => {
        expect(decodeDocMessage(encodeDocMessage({ ...sent, state }))).toEqual({ ...sent, state });
        expect(decodeDocMessage(encodeDocMessage(sent))).toEqual(sent);
      }),
    );
  });

  it('begins with the bytes of a refusal without it, which replicas from before read and stop at', () => {
    fc.assert(
      fc.property(refusal, bytes, (sent, state) => {
        const before = encodeDocMessage(sent);
        expect(encodeDocMessage({ ...sent, state }).subarray(0, before.length)).toEqual(before);
      }),
    );
  });
});

describe("a hub's replaced doc (docs/sync.md, chained hubs)", () => {
  it('round-trips with its state vector and whole state', () => {
    const replaced = fc.record({ type: fc.constant('replaced' as const), docId: fc.string({ maxLength: 60 }), stateVector: bytes, state: bytes });
    fc.assert(
      fc.property(replaced, (sent) => {
        expect(decodeDocMessage(encodeDocMessage(sent))).toEqual(sent);
      }),
    );
  });
});

describe("a change request doc's fork base, last in a step 2 or an update (docs/sync.md, fork bases)", () => {
  const withData = fc.record({ type: fc.constantFrom('step2' as const, 'update' as const), docId: fc.string({ maxLength: 60 }), update: bytes, stateVector: bytes });
  const forkBase = fc.record({ update: bytes, edited: fc.boolean() });

  it('round-trips with the base, and without it (a peer from before)', () => {
    fc.assert(
      fc.property(withData, forkBase, (sent, base) => {
        expect(decodeDocMessage(encodeDocMessage({ ...sent, forkBase: base }))).toEqual({ ...sent, forkBase: base });
        expect(decodeDocMessage(encodeDocMessage(sent))).toEqual(sent);
      }),
    );
  });

  it('begins with the bytes of the message without it, which peers from before read and stop at', () => {
    fc.assert(
      fc.property(withData, forkBase, (sent, base) => {
        const before = encodeDocMessage(sent);
        expect(encodeDocMessage({ ...sent, forkBase: base }).subarray(0, before.length)).toEqual(before);
      }),
    );
  });
});
