import { FRESH_BYTES_MS } from '../../../domain/content/blob-gc.js';
import { UnderWay } from './under-way.js';

/**
 * The bytes a store took ahead of the write turns that name them (`FileBytesStore.put`): a `put`
 * of bytes already on their way joins it, and `took` answers for those confirmed within half the
 * sweep's grace (`FRESH_BYTES_MS`), so that a row committed on its word names bytes young enough
 * that no sweep trashed them meanwhile (and should one have, reads find them in the trash).
 */
export class TakenAhead {
  private readonly taken = new Map<string, number>();
  private readonly taking = new UnderWay<void>();

  put(sha256: string, store: () => Promise<void>): Promise<void> {
    return this.taking.join(sha256, () =>
      store().then(() => {
        this.forgetOld(Date.now());
        // Deleted first, so that it goes last in the map's order.
        this.taken.delete(sha256);
        this.taken.set(sha256, Date.now());
      }),
    );
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
