import type { Database } from '../../core/db/database.js';
import { branchDocPrefix, changeRequestBranch, MAIN } from '../../../../src-shared/sync/doc-names.js';

/**
 * The docs of change requests that own projection rows and read `mainDocId` through their lazy
 * fork: unwritten there, so they read main's doc as it is now. Their rows must follow it. An open
 * change request's copies are written before main changes (copy-before-write), except when the
 * doc had no row here yet (nothing to copy: a replica may get a change request's body before its
 * space's tree); a merged one's fork is frozen, so its unwritten docs read main from then on
 * (docs/sync.md, "Forked docs"). Left alone, their rows kept main's as they were when taken,
 * which differs between engines. One query, run on every write of main: it reads the doc store's
 * fork and doc tables by key, per change request of the space that owns rows.
 */
export function readersThrough(db: Database, spaceId: string, mainDocId: string): string[] {
  const main = branchDocPrefix(spaceId, MAIN);
  if (!mainDocId.startsWith(main)) return [];
  // What every change request's prefix starts with, its id and a slash following.
  const changeRequests = branchDocPrefix(spaceId, changeRequestBranch('')).slice(0, -1);
  const rest = mainDocId.slice(main.length);
  return db
    .all<{ docId: string }>(
      `SELECT @changeRequests || b.branch || '/' || @rest AS docId
       FROM content_branches b
       JOIN branch_forks f ON f.target_prefix = @changeRequests || b.branch || '/' AND f.source_prefix = @main
       WHERE b.space_id = @spaceId AND b.branch != 'main'
         AND NOT EXISTS (SELECT 1 FROM docs WHERE doc_id = @changeRequests || b.branch || '/' || @rest)`,
      { changeRequests, rest, main, spaceId },
    )
    .map((row) => row.docId);
}
