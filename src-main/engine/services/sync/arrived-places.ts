import type { Change } from '../../../../src-shared/sync/change.js';
import { ownsRows } from '../../domain/content/projection-sql.js';
import type { Projector } from '../../domain/content/projector.js';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { branchDocPrefix, changeRequestBranch, commentsDoc, MAIN, parseDocName, treeDoc } from '../../../../src-shared/sync/doc-names.js';

/**
 * Docs may reach a replica before the rows of their space, change request or comment authors
 * (the hub fans out live updates while the change log is still being pulled); their projection
 * then had nowhere to go and skipped them. When those rows arrive, the docs already here are
 * projected again, in the transaction that applies the rows.
 */
export function reprojectArrivedPlaces(db: Database, docs: DocStore, projector: Projector, changes: readonly Change[]): void {
  for (const docId of docsOfArrivals(db, docs, changes)) projector.reproject(docId);
}

function docsOfArrivals(db: Database, docs: DocStore, changes: readonly Change[]): Set<string> {
  const docIds = new Set<string>();
  const inserted = changes.filter((change) => change.op === 'insert');
  for (const change of inserted) {
    const id = change.key[0]!;
    if (change.table === 'spaces') {
      for (const docId of docs.writtenUnder(branchDocPrefix(id, MAIN))) docIds.add(docId);
      for (const docId of docs.writtenUnder(commentsDoc(id, MAIN))) docIds.add(docId);
    } else if (change.table === 'change_requests' && typeof change.fields?.space_id === 'string') {
      const spaceId = change.fields.space_id;
      for (const docId of docs.writtenUnder(branchDocPrefix(spaceId, changeRequestBranch(id)))) docIds.add(docId);
      // Rows it took from main's before its fork was recorded here: its unwritten tree reads main's only now.
      if (ownsRows(db, spaceId, id)) docIds.add(treeDoc(spaceId, changeRequestBranch(id)));
    }
  }
  // A comment's author arrived: comment threads name people.
  if (inserted.some((change) => change.table === 'users')) {
    for (const docId of docs.writtenUnder('space/')) if (parseDocName(docId)?.kind === 'comments') docIds.add(docId);
  }
  return docIds;
}
