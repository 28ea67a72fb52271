import * as Y from 'yjs';
import type { CopyState, DocStore } from '../../core/docs/store.js';
import { newDoc } from '../../core/docs/updates.js';
import { sameBytes } from '../../core/docs/fork.js';
import { writtenSince } from '../../core/docs/written-state.js';

/** A whole new doc made elsewhere: its update and the state vector it brings (a new doc's, contiguous from 0). */
export interface MadeDoc {
  update: Uint8Array;
  stateVector: Uint8Array;
}

/**
 * A write to a doc made elsewhere from its rows: its update, the state vector it brings the doc
 * to, the one it found the doc at, and for an unwritten copy in a forked branch what the copy
 * starts from (`DocStore.appendNew`).
 */
export interface PlannedWrite extends MadeDoc {
  held: Uint8Array;
  copy?: CopyState;
}

interface OpenCopy {
  doc: Y.Doc;
  /** The state vector the copy started from: what is appended is the copy's difference from it. */
  from: Uint8Array;
}

/**
 * Working copies of a branch's docs for one request: every change of the request edits them, and
 * `save` appends each doc's difference once, in the request's transaction. The store's loaded docs
 * are never edited in place (they must not run ahead of the database; docs/doc-store.md). A change
 * request's doc it never wrote reads as main's, and the store copies main's into it before the
 * first append, so its history starts at main's.
 */
export class DocEdits {
  private readonly copies = new Map<string, OpenCopy>();
  /**
   * Updates made elsewhere, appended as they are by `save` unless the request opens the doc: new
   * docs' first ones (`create`), and writes planned from a doc's rows (`plan`, `held` set).
   */
  private readonly created = new Map<string, { made: MadeDoc & Partial<PlannedWrite>; saved: (seq: number) => void }>();
  /** The copies the last `save` appended, with their rows' seqs, for `spareSaved`. */
  private saved = new Map<string, { seq: number; doc: Y.Doc }>();

  constructor(private readonly docs: DocStore) {}

  /** The copy of `docId`, to change it. */
  open(docId: string): Y.Doc {
    const open = this.copies.get(docId);
    if (open) return open.doc;
    const doc = this.docs.takeCopy(docId) ?? copyOf(this.docs.load(docId));
    this.copies.set(docId, { doc, from: Y.encodeStateVector(doc) });
    // Opened after it was created whole: the copy holds that update too, and appends it with the rest.
    const created = this.created.get(docId);
    if (created) {
      this.created.delete(docId);
      Y.applyUpdate(doc, created.made.update);
    }
    return doc;
  }

  /**
   * Creates `docId` with `made`, a whole doc made elsewhere (a worker thread): `save` appends its
   * update as it is, then calls `saved` with its row's seq. Only a doc nothing was written to, that
   * this request has not opened: false otherwise (the caller writes the body into `open(docId)`).
   */
  create(docId: string, made: MadeDoc, saved: (seq: number) => void): boolean {
    if (this.copies.has(docId) || this.created.has(docId) || !this.docs.isEmpty(docId)) return false;
    this.created.set(docId, { made, saved });
    return true;
  }

  /**
   * Writes `planned` to `docId`, made elsewhere from the doc's rows as they stand now (the caller
   * checked `DocStore.versionOf`): `save` appends its update as it is, then calls `saved` with its
   * row's seq. Only a doc this request has neither opened nor given an update: false otherwise.
   */
  plan(docId: string, planned: PlannedWrite, saved: (seq: number) => void): boolean {
    if (this.copies.has(docId) || this.created.has(docId)) return false;
    this.created.set(docId, { made: planned, saved });
    return true;
  }

  /** Whether this request opened `docId`'s copy (to change it). */
  opened(docId: string): boolean {
    return this.copies.has(docId);
  }

  /** The copy if this request opened it, else the stored doc (read only). */
  read(docId: string): Y.Doc {
    if (this.created.has(docId)) return this.open(docId);
    return this.copies.get(docId)?.doc ?? this.docs.load(docId);
  }

  /**
   * What each changed copy adds to its doc as stored (`writtenSince`), read before `save`: what
   * another engine must hold before it holds this request's writes.
   */
  written(): Map<string, Y.Snapshot> {
    const written = new Map<string, Y.Snapshot>();
    for (const [docId, copy] of this.copies) {
      const added = writtenSince(this.docs.load(docId), copy.doc);
      if (added) written.set(docId, added);
    }
    return written;
  }

  /** Appends every changed copy; answers each saved doc with the seq of its row, the copy now being its state. */
  save(): Map<string, { seq: number; doc: Y.Doc }> {
    const saved = new Map<string, { seq: number; doc: Y.Doc }>();
    for (const [docId, copy] of this.copies) {
      const update = Y.encodeStateAsUpdate(copy.doc, copy.from);
      const reached = Y.encodeStateVector(copy.doc);
      let seq: number;
      if (!sameBytes(reached, copy.from)) {
        // New structs: appended with the state the copy reached, not decoded again to find it (a 1,000-page
        // tree's update took ~70 ms to decode, twice: here and in the store's `append`).
        seq = this.docs.appendNew(docId, update, reached, copy.from);
      } else {
        // No new struct: only deletions, if any, are to append.
        if (Y.decodeUpdate(update).ds.clients.size === 0) continue;
        const appended = this.docs.append(docId, update);
        // Updates Yjs just encoded always decode: a store that refuses one is a bug, not a bad request.
        if (!appended.ok) throw new Error(appended.problem.message);
        seq = appended.seq;
      }
      saved.set(docId, { seq, doc: copy.doc });
    }
    this.copies.clear();
    this.saved = saved;
    for (const [docId, created] of this.created) {
      const { update, stateVector, held, copy } = created.made;
      // A planned write whose doc has moved since (nothing the request did) is merged in, and `saved` not told: what was planned from no longer describes the doc.
      const stands = held === undefined || sameBytes(this.docs.stateVector(docId), held);
      const seq = this.docs.appendNew(docId, update, stateVector, held, copy);
      if (stands) created.saved(seq);
    }
    this.created.clear();
    return saved;
  }

  /**
   * Hands the copy of `docId` the last `save` appended back to the store, for the next request that
   * edits the doc (`DocStore.takeCopy`): copying a 1,000-page tree took 20–40 ms of each write to it.
   * Only once the caller has stopped every observer it put on the copy that belongs to its request
   * (one that only keeps something of the copy's own state up to date may stay: content/batch.ts).
   */
  spareSaved(docId: string): void {
    const saved = this.saved.get(docId);
    if (saved) this.docs.spareCopy(docId, saved.seq, saved.doc);
    this.saved = new Map();
  }
}

function copyOf(doc: Y.Doc): Y.Doc {
  const copy = newDoc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}
