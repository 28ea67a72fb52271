import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MalformedFrame } from '../../../../src-main/engine/services/sync/channel.js';
import { decodeDocMessage, encodeDocMessage, type DocMessage } from '../../../../src-main/engine/services/sync/doc-messages.js';
import { decodeFrame, encodeFrame } from '../../../../src-main/engine/services/sync/frames.js';

const bytes = fc.uint8Array({ maxLength: 40 });
const docId = fc.string({ maxLength: 60 });
const message: fc.Arbitrary<DocMessage> = fc.oneof(
  fc.record({ type: fc.constant('step1' as const), docId, stateVector: bytes }),
  fc.record({ type: fc.constant('step2' as const), docId, update: bytes, stateVector: bytes }),
  fc.record({ type: fc.constant('update' as const), docId, update: bytes, stateVector: bytes }),
  fc.record({ type: fc.constant('ack' as const), docId, stateVector: bytes }),
  fc.record({ type: fc.constant('refused' as const), docId, reason: fc.string(), stateVector: bytes }),
  fc.record({ type: fc.constant('unavailable' as const), docId, reason: fc.string() }),
  fc.record({ type: fc.constant('changes-since' as const), cursor: fc.nat() }),
  fc.record({ type: fc.constant('changed' as const), cursor: fc.nat(), docIds: fc.array(docId, { maxLength: 5 }) }),
);

describe('sync frames', () => {
  it('carry any docs message through a frame unchanged', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1000 }), message, (channel, sent) => {
        const frame = decodeFrame(encodeFrame(channel, encodeDocMessage(sent)));
        expect(frame.channel).toBe(channel);
        expect(decodeDocMessage(frame.payload)).toEqual(sent);
      }),
    );
  });

  it('refuse truncated or unknown messages as malformed, never with another error', () => {
    const whole = encodeDocMessage({ type: 'update', docId: 'space/a/main/tree', update: new Uint8Array([1, 2, 3]), stateVector: new Uint8Array([0]) });
    for (let length = 0; length < whole.length; length++) expect(() => decodeDocMessage(whole.subarray(0, length))).toThrow(MalformedFrame);
    expect(() => decodeDocMessage(new Uint8Array([42]))).toThrow(MalformedFrame);
    expect(() => decodeFrame(new Uint8Array([]))).toThrow(MalformedFrame);
  });
});
