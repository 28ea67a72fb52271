import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';

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

/** The revision a merge was made onto: main's head just before it (a merge revision's first parent). */
export function mergedOnto(db: Database, mergeRevisionId: string): string | undefined {
  const row = db.get<{ parents: string }>('SELECT parents FROM revisions WHERE id = ?', mergeRevisionId);
  const parents: unknown = row ? JSON.parse(row.parents) : undefined;
  return Array.isArray(parents) && typeof parents[0] === 'string' ? parents[0] : undefined;
}

/** A doc's state vector as a revision recorded it; undefined where the revision did not record the doc. */
export function revisionDocState(db: Database, revisionId: string, docId: string): Uint8Array | undefined {
  return db.get<{ state: Uint8Array }>('SELECT state_vector AS state FROM revision_docs WHERE revision_id = ? AND doc_id = ?', revisionId, docId)?.state;
}
