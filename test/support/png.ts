import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * A valid PNG made here, so that tests and benches ship no binary: `size` pixels square, one
 * colour, or random pixels (`noise`) that do not compress, to make a file of a chosen weight
 * (about 3 × size² bytes).
 */
export function png(size = 4, noise = false): Buffer {
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = () => Buffer.concat([Buffer.from([0]), noise ? randomBytes(size * 3) : Buffer.alloc(size * 3, Buffer.from([220, 30, 30]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
