/** Published images arrive as base64; the API answers them as data URLs, typed by their first bytes. */
const SIGNATURES: [string, number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['image/webp', [0x52, 0x49, 0x46, 0x46]],
];

function mediaTypeOf(bytes: Buffer): string {
  const found = SIGNATURES.find(([, signature]) => signature.every((byte, i) => bytes[i] === byte));
  if (found) return found[0];
  return bytes.subarray(0, 256).toString('utf8').includes('<svg') ? 'image/svg+xml' : 'application/octet-stream';
}

export function imageDataUrl(base64: string): string {
  return `data:${mediaTypeOf(Buffer.from(base64, 'base64'))};base64,${base64}`;
}
