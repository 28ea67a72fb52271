import type { Database } from '../db/database.js';
import { BranchForks } from '../docs/branch-forks.js';
import type { DocStore } from '../docs/store.js';
import { branchDocPrefix, changeRequestBranch, MAIN } from '../revisions/doc-names.js';

/**
 * The docs of change requests that own projection rows and read `mainDocId` through their lazy
 * fork (unwritten there, merged change requests included). A doc of main written for the first
 * time copies itself into none of them (there was nothing to copy), so their rows, taken from
 * main's while this doc had none here, must follow it (docs/sync.md, "Forked docs"). Locally a
 * space's tree exists before its change requests; a replica may get a change request's body
 * before its space's tree.
 */
export function readersThrough(db: Database, docs: DocStore, spaceId: string, mainDocId: string): string[] {
  const main = branchDocPrefix(spaceId, MAIN);
  if (!mainDocId.startsWith(main)) return [];
  const forks = new BranchForks(db);
  return changeRequestsOwningRows(db, spaceId)
    .map((changeRequestId) => branchDocPrefix(spaceId, changeRequestBranch(changeRequestId)) + mainDocId.slice(main.length))
    .filter((docId) => forks.sourceOf(docId) === mainDocId && !docs.writtenUnder(docId).includes(docId));
}

function changeRequestsOwningRows(db: Database, spaceId: string): string[] {
  return db.all<{ branch: string }>("SELECT branch FROM content_branches WHERE space_id = ? AND branch != 'main'", spaceId).map((row) => row.branch);
}
