import type { ReadMarkdown } from '../content/markdown-inputs.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../clock.js';
import type { DocStore } from '../docs/store.js';
import type { SyncWorker } from '../sync/worker.js';
import type { Urls } from '../urls.js';

export interface Actor {
  id: string;
  email: string;
  displayName: string;
}

/** Everything a handler may touch. One context per request; `now` is fixed for the request. */
export interface RequestContext {
  db: Database;
  /** The Yjs docs of `db`: their writes join the request's transaction. */
  docs: DocStore;
  actor: Actor;
  now: string;
  clock: Clock;
  urls: Urls;
  /** Replication with a hub: its state, and a restart once new settings commit. */
  sync: SyncWorker;
  /** Markdown to a page body: the request's own texts were read ahead, off the event loop. */
  readMarkdown: ReadMarkdown;
}
