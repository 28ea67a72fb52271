import type { Database } from '../db/database.js';
import { MAIN, pageDoc, treeDoc, type Branch } from '../revisions/doc-names.js';

/** The `branch` column of the projections: 'main', or the change request's id. */
export const branchKey = (branch: Branch) => (branch.kind === 'main' ? 'main' : branch.changeRequestId);

/** Whether the doc has rows in the store: a change request's copy of a doc exists once it is forked. */
export function docExists(db: Database, docId: string): boolean {
  return db.get('SELECT 1 FROM docs WHERE doc_id = ?', docId) !== undefined;
}

/**
 * The doc to read for a branch: its own copy, or main's while a change request has not forked it
 * (main's doc is then still the content at the fork point; docs/content-design.md).
 */
export function readableDoc(db: Database, docId: string, mainDocId: string): string {
  return docId === mainDocId || docExists(db, docId) ? docId : mainDocId;
}

export const readableTreeDoc = (db: Database, spaceId: string, branch: Branch) =>
  readableDoc(db, treeDoc(spaceId, branch), treeDoc(spaceId, MAIN));

export const readablePageDoc = (db: Database, spaceId: string, branch: Branch, pageId: string) =>
  readableDoc(db, pageDoc(spaceId, branch, pageId), pageDoc(spaceId, MAIN, pageId));
