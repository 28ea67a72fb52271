import * as Y from 'yjs';
import type { UpdateRow } from './log.js';
import { STORE_ORIGIN } from './updates.js';

export interface CacheLimits {
  docs: number;
  /** Counted as the bytes of the updates a doc was built from: cheap to know, and its heap grows with it. */
  bytes: number;
}

interface Entry {
  doc: Y.Doc;
  /** The last row the doc holds. */
  seq: number;
  bytes: number;
  guard: (transaction: Y.Transaction) => void;
}

/**
 * Loaded docs, least recently used first out. An entry holds committed rows, plus those of the
 * open transaction when a read inside it loaded them (the store drops it if that rolls back). A doc changed by anyone else (a caller editing the doc it was
 * handed) no longer matches the database and leaves the cache at once.
 *
 * Docs someone is editing live are kept (`keep`), outside the limits: a keystroke's projection
 * reads what the keystroke changed of the loaded doc, and reloading a 10,000-block page because an
 * import ran through a thousand others costs a second of the event loop.
 */
export class DocCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Kept docs, with how many keep them. */
  private readonly kept = new Map<string, number>();

  constructor(private readonly limits: CacheLimits) {}

  /** The entry, now the most recently used. */
  get(docId: string): { doc: Y.Doc; seq: number } | undefined {
    const entry = this.entries.get(docId);
    if (!entry) return undefined;
    this.entries.delete(docId);
    this.entries.set(docId, entry);
    return entry;
  }

  /** A doc bigger than the whole budget is not kept (it would only push every other doc out), unless someone keeps it. */
  put(docId: string, doc: Y.Doc, seq: number, bytes: number): void {
    this.drop(docId);
    if (bytes > this.limits.bytes && !this.kept.has(docId)) return;
    const guard = (transaction: Y.Transaction) => {
      if (transaction.origin !== STORE_ORIGIN && changes(transaction)) this.drop(docId);
    };
    doc.on('afterTransaction', guard);
    this.entries.set(docId, { doc, seq, bytes, guard });
    this.bytes += bytes;
    this.evict();
  }

  /**
   * Applies rows that follow row `after`. When the doc holds another row than `after`, some
   * commit reached the database without reaching the doc: it can no longer be trusted and goes.
   * Seqs may skip: compaction keeps the last seq of the rows it merges.
   */
  extend(docId: string, after: number, rows: readonly UpdateRow[]): void {
    const entry = this.entries.get(docId);
    const last = rows.at(-1);
    if (!entry || !last) return;
    if (entry.seq !== after) {
      this.drop(docId);
      return;
    }
    Y.transact(
      entry.doc,
      () => {
        for (const row of rows) Y.applyUpdate(entry.doc, row.update, STORE_ORIGIN);
      },
      STORE_ORIGIN,
    );
    const bytes = rows.reduce((sum, row) => sum + row.update.byteLength, 0);
    entry.seq = last.seq;
    entry.bytes += bytes;
    this.bytes += bytes;
    this.evict();
  }

  drop(docId: string): void {
    const entry = this.entries.get(docId);
    if (!entry) return;
    entry.doc.off('afterTransaction', entry.guard);
    this.entries.delete(docId);
    this.bytes -= entry.bytes;
  }

  clear(): void {
    for (const docId of [...this.entries.keys()]) this.drop(docId);
  }

  /** Keeps `docId` loaded, outside the limits, until the function returned is called. */
  keep(docId: string): () => void {
    this.kept.set(docId, (this.kept.get(docId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const count = this.kept.get(docId)! - 1;
      if (count > 0) this.kept.set(docId, count);
      else this.kept.delete(docId);
      this.evict();
    };
  }

  get size(): { docs: number; bytes: number } {
    return { docs: this.entries.size, bytes: this.bytes };
  }

  /** Oldest first, kept docs aside (they count for nothing); a doc grown bigger than the whole budget goes too. */
  private evict(): void {
    let docs = this.entries.size;
    let bytes = this.bytes;
    for (const docId of this.kept.keys()) {
      const entry = this.entries.get(docId);
      if (entry) {
        docs -= 1;
        bytes -= entry.bytes;
      }
    }
    for (const [docId, entry] of this.entries) {
      if (docs <= this.limits.docs && bytes <= this.limits.bytes) return;
      if (this.kept.has(docId)) continue;
      docs -= 1;
      bytes -= entry.bytes;
      this.drop(docId);
    }
  }
}

/**
 * Whether a transaction changed the doc (Yjs's own test before it emits an update). Reading can
 * open empty transactions: the first `getXmlFragment('body')` on a doc does.
 */
function changes(transaction: Y.Transaction): boolean {
  if (transaction.deleteSet.clients.size > 0) return true;
  for (const [client, clock] of transaction.afterState) if (transaction.beforeState.get(client) !== clock) return true;
  return false;
}
