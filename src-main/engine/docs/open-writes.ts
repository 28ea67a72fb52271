import type { Database } from '../db/database.js';

/** One row appended by the open transaction. */
export interface Written {
  docId: string;
  seq: number;
  update: Uint8Array;
  origin: unknown;
  /** The doc's row count once this row is in. */
  rowCount: number;
  /** The row replaced every row of the doc (`DocStore.replaceWith`). */
  replaced?: true;
}

/**
 * The rows the open transaction has appended. They reach the loaded docs and the observers only
 * once it commits, and are forgotten if it rolls back: nothing in memory runs ahead of the
 * database. Until then the docs they touch are read from SQLite, which sees them.
 */
export class OpenWrites {
  private written: Written[] = [];
  private readonly docs = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly committed: (written: readonly Written[]) => void,
  ) {}

  /** Called inside the transaction that wrote the row. */
  add(row: Written): void {
    if (this.written.length === 0) this.db.onTransactionEnd((committed) => this.end(committed));
    this.written.push(row);
    this.docs.add(row.docId);
  }

  touches(docId: string): boolean {
    return this.docs.has(docId);
  }

  private end(committed: boolean): void {
    const written = this.written;
    this.written = [];
    this.docs.clear();
    if (committed) this.committed(written);
  }
}
