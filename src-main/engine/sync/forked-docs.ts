import type { DocStore } from '../docs/store.js';
import { EMPTY_UPDATE } from '../docs/updates.js';
import { parseDocName } from '../../../src-shared/sync/doc-names.js';

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
 * A change request's doc that arrives here unwritten and could not be copied is written empty
 * first, so that it holds exactly what arrives, as its sender's does. Nothing is copied when no
 * fork is recorded yet (a replica: live updates overtook the change request's row) or when main's
 * doc has no row here (a main doc's first row, without structs, does not travel). The sender's
 * copy of an empty doc brings no structs either: left unwritten, the doc read main's later pages
 * here while the sender kept its empty copy (docs/sync.md, "Forked docs"). Call it after
 * `materializeForkedDoc`; `mayWrite` is asked last, only for such a doc; `origin` keeps the
 * empty row from being sent back.
 */
export function writeUncopiedEmpty(docs: DocStore, docId: string, origin: unknown, mayWrite: () => boolean = () => true): void {
  if (parseDocName(docId)?.branch.kind !== 'change-request' || docs.writtenUnder(docId).includes(docId) || !mayWrite()) return;
  docs.append(docId, EMPTY_UPDATE, origin);
}
