import type { RequestContext } from './context.js';
import type { Failure } from './failure.js';

/**
 * An answer worked out after the request's transaction has ended, off the event loop (a large
 * page's Markdown, converted in a worker from what the transaction read). The pipeline awaits
 * it, then answers as with any value; a failure it resolves to is answered as one.
 */
export class Later<T> {
  constructor(readonly work: () => Promise<T>) {}
}

/**
 * A write whose long part runs off the event loop (a merge planned in a worker from the bytes the
 * request's transaction read): the transaction that answers it must write nothing. The pipeline
 * awaits `work`, then runs the write it resolves to in a second transaction of the request, the
 * caller authenticated again, and answers what that gives; the write itself checks that what the
 * work was computed from has not moved, and may answer another `LaterWrite` to compute again.
 */
export class LaterWrite<T> {
  constructor(readonly work: () => Promise<(ctx: RequestContext) => T | LaterWrite<T> | Failure>) {}
}
