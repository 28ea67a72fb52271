import type { Database } from '../db/database.js';
import type { Clock } from '../clock.js';
import type { DocStore } from '../docs/store.js';
import type { Urls } from '../urls.js';
import type { WorkerPool } from '../workers/pool.js';

export interface Actor {
  id: string;
  email: string;
  displayName: string;
}

/**
 * The engine's services, as handlers and rules reach them through their context: explicit
 * dependencies, never looked up by a key. The pipeline only carries them, so it imports no
 * service: each service declares its own slot beside its class (`declare module
 * '…/pipeline/context.js' { interface Services { … } }`), and engine.ts fills every slot (a
 * missing one does not compile).
 */
export interface Services {}

/**
 * What a request's long work gave before its transaction opened (a large Markdown document
 * converted in a worker): each feature declares its own optional field beside its code, as for
 * `Services`.
 */
export interface Prepared {}

/** Everything a handler may touch. One context per request; `now` is fixed for the request. */
export interface RequestContext extends Services, Prepared {
  db: Database;
  /** The Yjs docs of `db`: their writes join the request's transaction. */
  docs: DocStore;
  actor: Actor;
  now: string;
  clock: Clock;
  urls: Urls;
  /** The engine's worker threads: long work runs there, never on the event loop. */
  workers: WorkerPool;
}
