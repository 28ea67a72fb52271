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

/** The rows of one hook scope (`Database.hookScope`): the transaction, or one queued write in it that may roll back alone. */
interface Segment {
  written: Written[];
  docs: Set<string>;
  basesMoved: Set<string>;
  loadedAhead: Set<string>;
}

/**
 * The rows the open transaction has appended. They reach the observers only once it commits; if
 * it rolls back they are forgotten, and the docs they touch are named to the store so that a
 * loaded copy that read them (a projection inside the transaction) is dropped. A queued write
 * (`Database.queueWrite`) that rolls back alone inside a shared transaction forgets its own rows.
 */
export class OpenWrites {
  private readonly segments = new Map<object, Segment>();

  constructor(
    private readonly db: Database,
    private readonly committed: (written: readonly Written[]) => void,
    private readonly rolledBack: (docIds: ReadonlySet<string>) => void,
  ) {}

  /** Called inside the transaction that wrote the row. */
  add(row: Written): void {
    const segment = this.segment();
    segment.written.push(row);
    segment.docs.add(row.docId);
  }

  /** Called inside the transaction that moved the doc's fork base: its rows are marked so (sync sends the base with them). */
  baseMoved(docId: string): void {
    this.segment().basesMoved.add(docId);
  }

  touches(docId: string): boolean {
    for (const segment of this.segments.values()) if (segment.docs.has(docId)) return true;
    return false;
  }

  /** A loaded doc now holds this transaction's rows of `docId`. */
  loadedWith(docId: string): void {
    for (const segment of this.segments.values()) if (segment.docs.has(docId)) segment.loadedAhead.add(docId);
  }

  /** The open scope's segment, opened (and told when its scope ends) on its first row or moved base. */
  private segment(): Segment {
    const scope = this.db.hookScope()!;
    let segment = this.segments.get(scope);
    if (!segment) {
      const opened: Segment = { written: [], docs: new Set(), basesMoved: new Set(), loadedAhead: new Set() };
      this.segments.set(scope, opened);
      this.db.onTransactionEnd((committed) => this.end(scope, opened, committed));
      segment = opened;
    }
    return segment;
  }

  private end(scope: object, segment: Segment, committed: boolean): void {
    this.segments.delete(scope);
    if (!committed) return this.rolledBack(segment.loadedAhead);
    this.committed(segment.written.map((row) => (segment.basesMoved.has(row.docId) ? { ...row, baseMoved: true as const } : row)));
  }
}
