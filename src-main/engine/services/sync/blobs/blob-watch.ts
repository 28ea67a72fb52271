import type { Database } from '../../../core/db/database.js';
import type { DocStore } from '../../../core/docs/store.js';
import { acceptBlob, isBlob, isNotedMissing, noteMissingBlobs } from './missing-blobs.js';

export interface BlobListener {
  /** A tree doc names bytes this engine lacks: ask a peer. */
  missing(sha256: string, docId: string): void;
  /** Bytes that were missing arrived: offer them to a peer that asked in vain. */
  arrived(sha256: string): void;
}

/**
 * Watches every committed tree doc write (API, sync, y-websocket) for files whose bytes this
 * engine lacks, notes them, and tells the connected blob channels; stores bytes a channel
 * received once they prove to be what was asked for.
 */
export class BlobWatch {
  private readonly listeners = new Set<BlobListener>();
  private readonly stopObserving: () => void;

  constructor(
    private readonly db: Database,
    private readonly docs: DocStore,
  ) {
    this.stopObserving = docs.onUpdate('*', (event) => {
      for (const sha256 of noteMissingBlobs(db, docs, event.docId)) for (const listener of this.listeners) listener.missing(sha256, event.docId);
    });
  }

  listen(listener: BlobListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Stores the bytes if they hash to their name; false otherwise (not the protocol). With a store
   * besides the database (a hub's folder or bucket) they go there first, without holding the event
   * loop, and their row is written once the store took them: answers when that is done, rejecting
   * if either failed. `stillWanted` is asked again then, as the wait may have changed who may give them.
   */
  accept(sha256: string, bytes: Uint8Array, stillWanted: () => boolean): boolean | Promise<void> {
    if (!isBlob(sha256, bytes)) return false;
    const store = this.db.fileBytes;
    if (!store) {
      this.stored(sha256, bytes);
      return true;
    }
    return store.put(sha256, bytes).then(() => {
      if (stillWanted()) this.stored(sha256, bytes);
    });
  }

  private stored(sha256: string, bytes: Uint8Array): void {
    acceptBlob(this.db, this.docs, sha256, bytes);
    for (const listener of this.listeners) listener.arrived(sha256);
  }

  /** Bytes another process of the hub stored (their row replayed here, docs/hub.md): a peer that asked in vain gets them now. */
  storedElsewhere(sha256: string): void {
    for (const listener of this.listeners) listener.arrived(sha256);
  }

  /**
   * Bytes another process of the hub noted missing for a tree (their row replayed here): this
   * process never notes them itself, so a replica here that may hold them (the uploader's, when
   * the other process noted them first) is asked as if it had. Not if they arrived meanwhile.
   */
  notedElsewhere(sha256: string, docId: string): void {
    if (!isNotedMissing(this.db, sha256, docId)) return;
    for (const listener of this.listeners) listener.missing(sha256, docId);
  }

  close(): void {
    this.stopObserving();
    this.listeners.clear();
  }
}
