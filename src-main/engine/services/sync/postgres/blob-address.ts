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

/**
 * What a store of file bytes says of itself once `folio blobs move` made it a hub's (docs/hub.md,
 * "Moving file bytes"): the hub, and the store's own id, which the database records as the
 * hub's store. A process given a store whose label the database does not record is refused: the
 * folder or bucket the bytes moved away from, or one a move is still filling.
 */
export interface StoreLabel {
  hub: string;
  store: string;
}

/** The label's name in a folder, or its key under a bucket's prefix: not a SHA-256, so no sweep takes it for bytes. */
export const LABEL_NAME = 'folio-store.json';

export function labelBytes(label: StoreLabel): Buffer {
  return Buffer.from(`${JSON.stringify({ hub: label.hub, store: label.store })}\n`);
}

/** The label read back; anything else under its name is refused, in one line, as `where`'s. */
export function parseLabel(bytes: Buffer, where: string): StoreLabel {
  try {
    const { hub, store } = JSON.parse(bytes.toString('utf8')) as Partial<StoreLabel>;
    if (typeof hub === 'string' && typeof store === 'string') return { hub, store };
  } catch {
    // Said below.
  }
  throw new BlobStoreRefused(`${where} holds a ${LABEL_NAME} that is not a Folio store's label: remove it, or give another store`);
}
