/**
 * One binary WebSocket message as a server sends it (RFC 6455 §5.2: FIN, opcode 2, unmasked),
 * header and payload in one buffer. Server frames carry no mask, so the same bytes serve every
 * client: a room frames an update once and writes it to each socket (docs/sync.md, "Fan-out").
 * Written to the TCP socket under a `ws` WebSocket, between two of its own sends: `ws` frames
 * nothing in the background (no compression, no Blobs), so a whole frame keeps the stream in order.
 */
export function binaryFrame(payload: Uint8Array): Buffer {
  const length = payload.byteLength;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x82;
  if (header === 2) frame[1] = length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.set(payload, header);
  return frame;
}
