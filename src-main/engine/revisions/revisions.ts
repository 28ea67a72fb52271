import type { Database } from '../db/database.js';
import type { DocStore } from '../docs/store.js';

export type RevisionType = 'edits' | 'merge' | 'update' | 'rollback';

export interface NewRevision {
  id: string;
  spaceId: string;
  parents: string[];
  type: RevisionType;
  /** The change request a merge or an update came from. */
  changeRequestId?: string;
  /** The docs of the content at this point: each one's state vector is recorded as it is now. */
  docIds: string[];
  now: string;
}

/**
 * Records an immutable revision. State vectors are read from the store inside the caller's
 * transaction, so they include what that transaction wrote and nothing committed after it.
 */
export function cutRevision(db: Database, docs: DocStore, revision: NewRevision): void {
  db.run(
    'INSERT INTO revisions (id, space_id, parents, type, change_request_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    revision.id,
    revision.spaceId,
    JSON.stringify(revision.parents),
    revision.type,
    revision.changeRequestId ?? null,
    revision.now,
  );
  for (const docId of revision.docIds) {
    db.run(
      'INSERT INTO revision_docs (revision_id, doc_id, state_vector) VALUES (?, ?, ?)',
      revision.id,
      docId,
      docs.stateVector(docId),
    );
  }
}
