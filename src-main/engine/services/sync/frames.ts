import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { MalformedFrame } from './channel.js';

/** One WebSocket message is one frame: the channel number (varuint), then the channel's payload. */
export function encodeFrame(channel: number, payload: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, channel);
  encoding.writeUint8Array(encoder, payload);
  return encoding.toUint8Array(encoder);
}

export function decodeFrame(data: Uint8Array): { channel: number; payload: Uint8Array } {
  const decoder = decoding.createDecoder(data);
  const channel = readSafely(() => decoding.readVarUint(decoder));
  return { channel, payload: data.subarray(decoder.pos) };
}

/** lib0 throws plain errors on truncated input; they become `MalformedFrame`. */
export function readSafely<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new MalformedFrame((error as Error).message);
  }
}
