import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { docUpdates } from './doc-updates.js';

export interface DeviceCopy {
  /** Stops keeping the doc; what is stored stays for the next visit. */
  forget(): void;
  /** Stops keeping the doc and deletes what is stored. */
  erase(): Promise<void>;
}

/**
 * The doc kept in this browser's IndexedDB under its room's name, so that edits made while the
 * engine is away survive a closed tab and reach the engine on the next visit. `stored` says
 * whether every change so far is on disk: a read-only transaction begun after a write completes
 * only once it has.
 *
 * y-indexeddb writes each update in a transaction of its own from the doc's update event, inside
 * the keystroke's task: opening two IndexedDB transactions there (its write, and the read that
 * tells `stored`) was about a fifth of a keystroke's JavaScript on a long page (docs/performance.md,
 * "The editor in the browser"). The updates are queued instead and written in the task right
 * after, merged into one, so a burst of keys costs one write; a change is on its way to disk as
 * soon as before, give or take that task (and at once when the page is closed).
 */
export function keepOnDevice(room: string, doc: Y.Doc, stored: (all: boolean) => void): DeviceCopy {
  const persistence = new IndexeddbPersistence(room, doc);
  doc.off('update', persistence._storeUpdate);
  let queued: Uint8Array[] = [];
  let writing = 0;
  const write = () => {
    const updates = queued;
    queued = [];
    const db = persistence.db;
    // Before the database opened, y-indexeddb stores the whole doc once it has, then says `synced`.
    if (updates.length === 0 || !db) return;
    persistence._storeUpdate(updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates), undefined);
    writing += 1;
    const after = db.transaction('updates', 'readonly');
    after.oncomplete = after.onabort = () => {
      writing -= 1;
      if (writing === 0 && queued.length === 0) stored(true);
    };
  };
  const queue = (update: Uint8Array, origin: unknown) => {
    if (origin === persistence) return;
    queued.push(update);
    if (queued.length > 1) return;
    stored(false);
    setTimeout(write, 0);
  };
  const stopUpdates = docUpdates(doc).on(queue);
  // A tab closed right after a key may not run the next task: what is queued is written as it goes.
  window.addEventListener('pagehide', write);
  persistence.on('synced', () => stored(writing === 0 && queued.length === 0));
  const stop = () => {
    stopUpdates();
    window.removeEventListener('pagehide', write);
  };
  return {
    forget: () => {
      stop();
      write();
      void persistence.destroy();
    },
    // The deletion is queued before any later open of the same database, which then finds it empty.
    erase: () => {
      stop();
      queued = [];
      return persistence.clearData();
    },
  };
}
