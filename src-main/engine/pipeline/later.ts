/**
 * An answer worked out after the request's transaction has ended, off the event loop (a large
 * page's Markdown, converted in a worker from what the transaction read). The pipeline awaits
 * it, then answers as with any value; a failure it resolves to is answered as one.
 */
export class Later<T> {
  constructor(readonly work: () => Promise<T>) {}
}
