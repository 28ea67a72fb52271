import { createHash } from 'node:crypto';
import { FRESH_BYTES_MS } from '../../content/blob-gc.js';

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

/**
 * The bytes a store took ahead of the write turns that name them (`FileBytesStore.put`): a `put`
 * of bytes already on their way joins it, and `took` answers for those confirmed within half the
 * sweep's grace (`FRESH_BYTES_MS`), so that a row committed on its word names bytes young enough
 * that no sweep trashed them meanwhile (and should one have, reads find them in the trash).
 */
export class TakenAhead {
  private readonly taken = new Map<string, number>();
  private readonly taking = new Map<string, Promise<void>>();

  put(sha256: string, store: () => Promise<void>): Promise<void> {
    const already = this.taking.get(sha256);
    if (already) return already;
    const putting = store()
      .then(() => {
        this.forgetOld(Date.now());
        // Deleted first, so that it goes last in the map's order.
        this.taken.delete(sha256);
        this.taken.set(sha256, Date.now());
      })
      .finally(() => this.taking.delete(sha256));
    this.taking.set(sha256, putting);
    return putting;
  }

  took(sha256: string): boolean {
    const at = this.taken.get(sha256);
    return at !== undefined && Date.now() - at < TAKEN_FOR_MS;
  }

  /** Entries go in order of confirmation: the old ones are first. */
  private forgetOld(now: number): void {
    for (const [sha256, at] of this.taken) {
      if (now - at < TAKEN_FOR_MS) break;
      this.taken.delete(sha256);
    }
  }
}

const TAKEN_FOR_MS = FRESH_BYTES_MS / 2;
