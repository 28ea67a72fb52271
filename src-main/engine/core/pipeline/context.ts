import type { MarkdownPage, Result } from '../../../../src-shared/content/index.js';
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
 * What a service adds to a page read from Markdown off the event loop (content/built-body.ts adds
 * the doc update and projection facts of a new page holding it): filled by the service, carried by
 * the pipeline.
 */
export interface ReadPageExtras {}

/** Reads Markdown into a page body: a request's reader answers from its own texts, read ahead off the event loop. */
export type ReadMarkdown = (markdown: string) => Result<MarkdownPage & ReadPageExtras>;

/** Everything a handler may touch. One context per request; `now` is fixed for the request. */
export interface RequestContext extends Services {
  db: Database;
  /** The Yjs docs of `db`: their writes join the request's transaction. */
  docs: DocStore;
  actor: Actor;
  now: string;
  clock: Clock;
  urls: Urls;
  /** The engine's worker threads: long work runs there, never on the event loop. */
  workers: WorkerPool;
  /** Markdown to a page body: the request's own texts were read ahead, off the event loop. */
  readMarkdown: ReadMarkdown;
}
