import type { Database } from '../../core/db/database.js';
import { logHead } from './change-cursors.js';
import type { Schedule } from './schedule.js';

/** How often the change log's end is looked at; one indexed read. */
export const LOG_WATCH_MS = 100;

/**
 * Calls `grew` when the change log gains entries, by any writer on the file (the API, the CLI,
 * applied changes), with the log's end before and now. Polling its end covers other connections'
 * commits, which no hook sees.
 */
export class LogWatch {
  private head: number;
  private cancel: (() => void) | undefined;

  constructor(
    private readonly db: Database,
    private readonly schedule: Schedule,
    private readonly grew: (from: number, to: number) => void,
  ) {
    this.head = logHead(db);
    this.next();
  }

  stop(): void {
    this.cancel?.();
    this.cancel = undefined;
  }

  private next(): void {
    this.cancel = this.schedule(() => {
      const head = logHead(this.db);
      if (head !== this.head) {
        const from = this.head;
        this.head = head;
        this.grew(from, head);
      }
      if (this.cancel) this.next();
    }, LOG_WATCH_MS);
  }
}
