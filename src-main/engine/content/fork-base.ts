import * as Y from 'yjs';
import type { Database } from '../db/database.js';
import type { DocStore } from '../docs/store.js';
import { docExists } from './branches.js';

/**
 * A branch doc's content at its fork base: what main held when the change request took its copy.
 * A change request that never forked the doc reads main's, which is still that content
 * (docs/content-design.md). The base is rebuilt from the copy's rows with deleted content kept
 * (`gc: false`), since a loaded doc may have dropped what was deleted since. Undefined when
 * neither the copy nor main's doc exists.
 */
export function forkBaseDoc(db: Database, docs: DocStore, docId: string, mainDocId: string): Y.Doc | undefined {
  const base = docExists(db, docId) ? docs.forkBase(docId) : undefined;
  if (!base) return docExists(db, mainDocId) ? docs.load(mainDocId) : undefined;
  const full = new Y.Doc({ gc: false });
  const rows = db.all<{ update: Uint8Array }>('SELECT "update" FROM doc_updates WHERE doc_id = ? ORDER BY seq', docId);
  Y.transact(full, () => rows.forEach((row) => Y.applyUpdate(full, row.update)));
  return Y.createDocFromSnapshot(full, base.snapshot);
}
