import { createHash } from 'node:crypto';

/** Bytes are stored under their SHA-256 in hex, and nothing else is ever made into a path or a key. */
export const SHA256 = /^[0-9a-f]{64}$/;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Refuses to store bytes under anything but their own SHA-256. */
export function checkAddress(sha256: string, bytes: Uint8Array): void {
  if (!SHA256.test(sha256) || sha256Hex(bytes) !== sha256) throw new Error(`file bytes do not have the SHA-256 they are stored under (${sha256.slice(0, 64)})`);
}

/** What a store is given when it opens, to learn that it takes bytes: small, and bytes like any other. */
export const PROBE = Buffer.from('Folio keeps file bytes here\n');

/** Why the hub's file bytes cannot be kept where its flags say: said in one line, and the process exits. */
export class BlobStoreRefused extends Error {}
