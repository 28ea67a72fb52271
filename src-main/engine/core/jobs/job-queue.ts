import type { Database } from '../db/database.js';

/**
 * Background work by id (OpenAPI specs to process, translations to run), one at a time, in the
 * order asked: asked for after the asking transaction commits, started on a later turn of the
 * event loop (an engine opened and closed in one synchronous stretch, the CLI, starts nothing),
 * and stopped by `close`, which aborts `signal` for the work under way. An id asked for again
 * while queued stays queued once.
 */
export class JobQueue {
  private readonly queue = new Set<string>();
  private running = false;
  private readonly stop = new AbortController();
  private idle: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly label: string,
    private readonly work: (id: string, signal: AbortSignal) => Promise<void>,
  ) {}

  get signal(): AbortSignal {
    return this.stop.signal;
  }

  get closed(): boolean {
    return this.stop.signal.aborted;
  }

  /** Asks for `id` once the current transaction commits (at once outside one); a rollback asks for nothing. */
  enqueueAfterCommit(id: string): void {
    if (!this.db.raw.inTransaction) return this.enqueue(id);
    this.db.onTransactionEnd((committed) => {
      if (committed) this.enqueue(id);
    });
  }

  enqueue(id: string): void {
    if (this.closed) return;
    this.queue.add(id);
    if (this.running) return;
    this.running = true;
    this.idle = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  /** Settles once nothing is queued or running. */
  whenIdle(): Promise<void> {
    return this.idle;
  }

  close(): void {
    this.stop.abort();
    this.queue.clear();
  }

  private async drain(): Promise<void> {
    try {
      for (let next = this.take(); next !== undefined && !this.closed; next = this.take()) await this.workLogged(next);
    } finally {
      this.running = false;
    }
  }

  private take(): string | undefined {
    const [next] = this.queue;
    if (next !== undefined) this.queue.delete(next);
    return next;
  }

  /** A failure of our own on one id must not stop the others. */
  private async workLogged(id: string): Promise<void> {
    try {
      await this.work(id, this.stop.signal);
    } catch (error) {
      if (!this.closed) console.error(`${this.label} ${id}: failed`, error);
    }
  }
}
