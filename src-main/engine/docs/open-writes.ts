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
  /** The transaction also moved the doc's fork base (an update pulled main in, or a peer's moved base was taken). */
  baseMoved?: true;
}

/**
 * The rows the open transaction has appended. They reach the observers only once it commits; if
 * it rolls back they are forgotten, and the docs they touch are named to the store so that a
 * loaded copy that read them (a projection inside the transaction) is dropped.
 */
export class OpenWrites {
  private written: Written[] = [];
  private ending = false;
  private readonly docs = new Set<string>();
  private readonly basesMoved = new Set<string>();
  private readonly loadedAhead = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly committed: (written: readonly Written[]) => void,
    private readonly rolledBack: (docIds: ReadonlySet<string>) => void,
  ) {}

  /** Called inside the transaction that wrote the row. */
  add(row: Written): void {
    this.endWithTransaction();
    this.written.push(row);
    this.docs.add(row.docId);
  }

  /** Called inside the transaction that moved the doc's fork base: its rows are marked so (sync sends the base with them). */
  baseMoved(docId: string): void {
    this.endWithTransaction();
    this.basesMoved.add(docId);
  }

  touches(docId: string): boolean {
    return this.docs.has(docId);
  }

  /** A loaded doc now holds this transaction's rows of `docId`. */
  loadedWith(docId: string): void {
    this.loadedAhead.add(docId);
  }

  private endWithTransaction(): void {
    if (this.ending) return;
    this.ending = true;
    this.db.onTransactionEnd((committed) => this.end(committed));
  }

  private end(committed: boolean): void {
    const written = this.written.map((row) => (this.basesMoved.has(row.docId) ? { ...row, baseMoved: true as const } : row));
    const loadedAhead = new Set(this.loadedAhead);
    this.written = [];
    this.ending = false;
    this.docs.clear();
    this.basesMoved.clear();
    this.loadedAhead.clear();
    if (committed) this.committed(written);
    else this.rolledBack(loadedAhead);
  }
}
