/** An update, as observers are told of it once its transaction has committed. */
export interface DocUpdate {
  docId: string;
  seq: number;
  update: Uint8Array;
  /** Whatever the writer passed: a connection, so as not to echo an update back to its sender. */
  origin: unknown;
  /** `update` is the doc's whole content, in place of all it held (`DocStore.replaceWith`): a client's copy is stale. */
  replaced?: true;
  /** The same transaction moved the doc's fork base (docs/sync.md, "Fork bases"): a peer gets the base with this row. */
  baseMoved?: true;
}

export type UpdateObserver = (event: DocUpdate) => void;

/** Observers of one doc, or of every doc (`'*'`). */
export class Observers {
  private readonly everyDoc = new Set<UpdateObserver>();
  private readonly byDoc = new Map<string, Set<UpdateObserver>>();

  /** Returns the function that stops observing. */
  on(docId: string | '*', observer: UpdateObserver): () => void {
    const set = docId === '*' ? this.everyDoc : this.docSet(docId);
    set.add(observer);
    return () => {
      set.delete(observer);
      if (set.size === 0 && this.byDoc.get(docId) === set) this.byDoc.delete(docId);
    };
  }

  /**
   * The update is committed whatever an observer does: one that throws is reported and the
   * others are still told, and the writer never sees the error.
   */
  emit(event: DocUpdate): void {
    for (const observer of [...(this.byDoc.get(event.docId) ?? []), ...this.everyDoc]) {
      try {
        observer(event);
      } catch (error) {
        console.error(`observer of doc ${event.docId} failed`, error);
      }
    }
  }

  private docSet(docId: string): Set<UpdateObserver> {
    let set = this.byDoc.get(docId);
    if (!set) {
      set = new Set();
      this.byDoc.set(docId, set);
    }
    return set;
  }
}
