import { IndexeddbPersistence } from 'y-indexeddb';
import type * as Y from 'yjs';

export interface DeviceCopy {
  /** Stops keeping the doc; what is stored stays for the next visit. */
  forget(): void;
  /** Stops keeping the doc and deletes what is stored. */
  erase(): Promise<void>;
}

/**
 * The doc kept in this browser's IndexedDB under its room's name, so that edits made while the
 * engine is away survive a closed tab and reach the engine on the next visit. `stored` says
 * whether every change so far is on disk: y-indexeddb writes each update in a transaction of its
 * own, and a read-only transaction begun after it completes only once it has.
 */
export function keepOnDevice(room: string, doc: Y.Doc, stored: (all: boolean) => void): DeviceCopy {
  const persistence = new IndexeddbPersistence(room, doc);
  let writing = 0;
  const track = (_update: Uint8Array, origin: unknown) => {
    const db = persistence.db;
    if (origin === persistence || !db) return;
    writing += 1;
    stored(false);
    const after = db.transaction('updates', 'readonly');
    after.oncomplete = after.onabort = () => {
      writing -= 1;
      if (writing === 0) stored(true);
    };
  };
  // Registered after y-indexeddb's own listener, so its write is begun first.
  doc.on('update', track);
  persistence.on('synced', () => stored(writing === 0));
  return {
    forget: () => {
      doc.off('update', track);
      void persistence.destroy();
    },
    // The deletion is queued before any later open of the same database, which then finds it empty.
    erase: () => {
      doc.off('update', track);
      return persistence.clearData();
    },
  };
}
