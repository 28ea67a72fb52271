import type { DocStore } from '../docs/store.js';
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
