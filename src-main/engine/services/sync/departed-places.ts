import type { Change } from '../../../../src-shared/sync/change.js';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { branchDocPrefix, parseDocName, spaceDocPrefix } from '../../../../src-shared/sync/doc-names.js';
import { forgetOutboxUnder } from './sql.js';

/**
 * A space or change request whose row a peer's change deleted (a purge on another engine, or the
 * hub answering a change request its author may not make with a tombstone) takes its Yjs docs
 * with it, and their entries in the outbox: nothing would read them again, and the hub would
 * answer `unavailable` to them forever. A delete the hub refused leaves the row, and the docs.
 * Runs in the transaction that applied the changes.
 */
export function removeDocsOfDepartedPlaces(db: Database, docs: DocStore, changes: readonly Change[]): void {
  const gone = (table: 'spaces' | 'change_requests') =>
    changes
      .filter((change) => change.op === 'delete' && change.table === table)
      .map((change) => change.key[0]!)
      .filter((id) => db.get(`SELECT 1 FROM ${table} WHERE id = ?`, id) === undefined);
  const prefixes = new Set(gone('spaces').map(spaceDocPrefix));
  const changeRequests = new Set(gone('change_requests'));
  if (changeRequests.size > 0) {
    for (const docId of docs.writtenUnder('space/')) {
      const name = parseDocName(docId);
      if (name?.branch.kind === 'change-request' && changeRequests.has(name.branch.changeRequestId)) prefixes.add(branchDocPrefix(name.spaceId, name.branch));
    }
  }
  for (const prefix of prefixes) {
    docs.removeUnder(prefix);
    forgetOutboxUnder(db, prefix);
  }
}
