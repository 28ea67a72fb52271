import type { Database } from '../db/database.js';
import { BranchForks } from '../docs/branch-forks.js';
import type { DocStore } from '../docs/store.js';
import { EMPTY_UPDATE } from '../docs/updates.js';
import { parseDocName } from '../revisions/doc-names.js';

/**
 * A change request's doc that another engine wrote is written here too before its update
 * applies: a copy of its source (main's doc) as it is now, as copy-before-write would make
 * (docs/sync.md, "Forked docs"). Left unwritten it would go on reading main as main moves, while
 * the writer holds a copy; written on every engine, each copy travels like any update and every
 * engine ends with the same union. The copy is a write of this engine, so it is sent on too.
 */
export function materializeForkedDoc(docs: DocStore, docId: string): void {
  if (parseDocName(docId)?.branch.kind !== 'change-request' || docs.writtenUnder(docId).includes(docId)) return;
  const base = docs.forkBase(docId);
  if (base) docs.fork(base.sourceDocId, docId);
}

/**
 * On a replica, a change request's doc may arrive before the change request's row (the hub fans
 * out live updates while the change log is still pulled), so no fork is recorded for it yet. It
 * is written empty first, so that it holds exactly what arrives: a peer's copy of an empty doc
 * brings no structs, and left unwritten here it would read main once the fork is recorded, while
 * the peer holds its empty copy. `origin` keeps the empty row from being sent back.
 */
export function writeBeforeItsFork(db: Database, docs: DocStore, docId: string, origin: unknown): void {
  if (parseDocName(docId)?.branch.kind !== 'change-request' || docs.writtenUnder(docId).includes(docId)) return;
  if (new BranchForks(db).sourceOf(docId) === undefined) docs.append(docId, EMPTY_UPDATE, origin);
}
