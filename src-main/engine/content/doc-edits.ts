import * as Y from 'yjs';
import type { Database } from '../db/database.js';
import type { DocStore } from '../docs/store.js';
import { docExists, readableDoc } from './branches.js';

interface OpenCopy {
  doc: Y.Doc;
  /** The state vector the copy started from: what is appended is the copy's difference from it. */
  from: Uint8Array;
  /** Main's doc the copy was read from, when the branch has no copy of its own yet. */
  forkFrom: string | undefined;
}

/**
 * Working copies of a branch's docs for one request: every change of the request edits them, and
 * `save` appends each doc's difference once, in the request's transaction. The store's loaded docs
 * are never edited in place (they must not run ahead of the database; docs/doc-store.md). A change
 * request's doc that does not exist yet is forked from main's first, so that its history starts
 * at main's and a merge can carry the difference.
 */
export class DocEdits {
  private readonly copies = new Map<string, OpenCopy>();

  constructor(
    private readonly db: Database,
    private readonly docs: DocStore,
  ) {}

  /** The copy of `docId`, read from main's `mainDocId` while the branch has none. */
  open(docId: string, mainDocId: string): Y.Doc {
    const open = this.copies.get(docId);
    if (open) return open.doc;
    const source = readableDoc(this.db, docId, mainDocId);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(this.docs.load(source)));
    const forkFrom = source !== docId && docExists(this.db, source) ? source : undefined;
    this.copies.set(docId, { doc, from: Y.encodeStateVector(doc), forkFrom });
    return doc;
  }

  /** The copy if this request opened it, else the stored doc (read only). */
  read(docId: string, mainDocId: string): Y.Doc {
    return this.copies.get(docId)?.doc ?? this.docs.load(readableDoc(this.db, docId, mainDocId));
  }

  save(): void {
    for (const [docId, copy] of this.copies) {
      const update = Y.encodeStateAsUpdate(copy.doc, copy.from);
      if (Y.decodeUpdate(update).structs.length === 0 && !deletes(update)) continue;
      if (copy.forkFrom) must(this.docs.fork(copy.forkFrom, docId));
      must(this.docs.append(docId, update));
    }
    this.copies.clear();
  }
}

function deletes(update: Uint8Array): boolean {
  return Y.decodeUpdate(update).ds.clients.size > 0;
}

/** Updates Yjs just encoded always decode: a store that refuses one is a bug, not a bad request. */
function must(result: { ok: true } | { ok: false; problem: { message: string } }): void {
  if (!result.ok) throw new Error(result.problem.message);
}
