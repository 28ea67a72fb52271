import * as Y from 'yjs';
import type { Database } from '../db/database.js';

/** Where a fork started: changes since `snapshot` on either side are what a merge carries over. */
export interface ForkBase {
  sourceDocId: string;
  /** The encoded state vector of the copy; `diff(docId, stateVector)` gives the structs added since. */
  stateVector: Uint8Array;
  /** The state vector and the delete set of the copy: deletions since the fork are those not in it. */
  snapshot: Y.Snapshot;
}

export function recordFork(db: Database, docId: string, sourceDocId: string, snapshot: Y.Snapshot): void {
  db.run('INSERT INTO doc_forks (doc_id, source_doc_id, base_snapshot) VALUES (?, ?, ?)', docId, sourceDocId, Y.encodeSnapshot(snapshot));
}

export function readForkBase(db: Database, docId: string): ForkBase | undefined {
  const row = db.get<{ sourceDocId: string; snapshot: Uint8Array }>(
    'SELECT source_doc_id AS sourceDocId, base_snapshot AS snapshot FROM doc_forks WHERE doc_id = ?',
    docId,
  );
  if (!row) return undefined;
  const snapshot = Y.decodeSnapshot(row.snapshot);
  return { sourceDocId: row.sourceDocId, stateVector: Y.encodeStateVector(snapshot.sv), snapshot };
}
