import type { Database } from '../../../core/db/database.js';
import { BranchForks } from '../../../core/docs/branch-forks.js';
import { branchDocPrefix, changeRequestBranch, MAIN } from '../../../../../src-shared/sync/doc-names.js';
import type { RowValues } from './rows.js';

/**
 * A change request that arrives from a peer gets its docs here as it got them where it was made:
 * a lazy fork of main's (`createChangeRequest`), frozen once it is merged (`mergeChangeRequest`).
 * The fork is local bookkeeping, not a replicated row; without it the docs the change request
 * never wrote would read as empty here and as main's content where it was made.
 */
export function followChangeRequestDocs(db: Database, row: RowValues): void {
  const spaceId = String(row.space_id);
  const target = branchDocPrefix(spaceId, changeRequestBranch(String(row.id)));
  const forks = new BranchForks(db);
  if (!db.get('SELECT 1 FROM branch_forks WHERE target_prefix = ?', target)) forks.record(branchDocPrefix(spaceId, MAIN), target);
  if (row.status === 'merged') forks.freeze(target);
}
