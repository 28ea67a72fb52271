import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import { MalformedFrame } from '../../../../src-main/engine/services/sync/channel.js';
import { decodeBlobMessage, encodeBlobMessage, type BlobMessage } from '../../../../src-main/engine/services/sync/blobs/blob-messages.js';
import { isBlob } from '../../../../src-main/engine/services/sync/blobs/missing-blobs.js';
import { createHash } from 'node:crypto';

const sha256 = createHash('sha256').update('bytes').digest('hex');

describe('the blobs channel’s messages', () => {
  it('round-trip', () => {
    const messages: BlobMessage[] = [
      { type: 'want', sha256 },
      { type: 'blob', sha256, bytes: new TextEncoder().encode('bytes') },
      { type: 'lacking', sha256 },
    ];
    for (const message of messages) expect(decodeBlobMessage(encodeBlobMessage(message))).toEqual(message);
  });

  it('refuse an unknown type, a name that is not a SHA-256, and truncated bytes', () => {
    const unknownType = encoding.createEncoder();
    encoding.writeVarUint(unknownType, 7);
    encoding.writeVarString(unknownType, sha256);
    expect(() => decodeBlobMessage(encoding.toUint8Array(unknownType))).toThrow(MalformedFrame);
    expect(() => decodeBlobMessage(encodeBlobMessage({ type: 'want', sha256: 'not-a-hash' }))).toThrow(MalformedFrame);
    const blob = encodeBlobMessage({ type: 'blob', sha256, bytes: new Uint8Array(10) });
    expect(() => decodeBlobMessage(blob.subarray(0, blob.length - 3))).toThrow(MalformedFrame);
  });

  it('take bytes only when they hash to their name', () => {
    expect(isBlob(sha256, new TextEncoder().encode('bytes'))).toBe(true);
    expect(isBlob(sha256, new TextEncoder().encode('other bytes'))).toBe(false);
  });
});
