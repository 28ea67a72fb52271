/** A file waiting to be stored by the engine: its bytes kept on this device until then. */
export interface QueuedUpload {
  /** The name the page uses for it until it is stored: `folio-upload:<key>` in an image's src or a file's id. */
  key: string;
  /** The room of the page it was put in. */
  room: string;
  name: string;
  type: string;
  bytes: Blob;
}

const DB = 'folio-uploads';
const STORE = 'uploads';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB refused'));
    });
  } finally {
    db.close();
  }
}

/**
 * Uploads not yet taken by the engine, in this browser's IndexedDB: a file pasted while the engine
 * is away survives a closed tab like the page's edits do (editor/device-copy.ts), and goes up when
 * the page is open with the engine back.
 */
export const uploadQueue = {
  put: (upload: QueuedUpload) => run('readwrite', (store) => store.put(upload)).then(() => undefined),
  remove: (key: string) => run('readwrite', (store) => store.delete(key)).then(() => undefined),
  get: (key: string) => run<QueuedUpload | undefined>('readonly', (store) => store.get(key) as IDBRequest<QueuedUpload | undefined>),
  ofRoom: async (room: string) => (await run<QueuedUpload[]>('readonly', (store) => store.getAll() as IDBRequest<QueuedUpload[]>)).filter((upload) => upload.room === room),
};
