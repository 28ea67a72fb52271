import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { MalformedFrame } from '../channel.js';
import { readSafely } from '../frames.js';

/**
 * The blobs channel's messages (docs/sync.md, "File bytes"): `varUint type`, the SHA-256 as
 * hex (varString), and for `blob` the bytes (varUint8Array). Either side may send any of them.
 */
export type BlobMessage =
  | { type: 'want'; sha256: string }
  | { type: 'blob'; sha256: string; bytes: Uint8Array }
  | { type: 'lacking'; sha256: string };

const TYPES = ['want', 'blob', 'lacking'] as const;
const SHA256 = /^[0-9a-f]{64}$/;

export function encodeBlobMessage(message: BlobMessage): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, TYPES.indexOf(message.type));
  encoding.writeVarString(encoder, message.sha256);
  if (message.type === 'blob') encoding.writeVarUint8Array(encoder, message.bytes);
  return encoding.toUint8Array(encoder);
}

export function decodeBlobMessage(payload: Uint8Array): BlobMessage {
  const decoder = decoding.createDecoder(payload);
  const type = TYPES[readSafely(() => decoding.readVarUint(decoder))];
  const sha256 = readSafely(() => decoding.readVarString(decoder));
  if (!type || !SHA256.test(sha256)) throw new MalformedFrame('not a blobs channel message');
  if (type === 'blob') return { type, sha256, bytes: readSafely(() => decoding.readVarUint8Array(decoder)) };
  return { type, sha256 };
}
