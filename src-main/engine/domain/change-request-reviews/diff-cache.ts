import { createHash } from 'node:crypto';
import type { Database } from '../../core/db/database.js';
import { Later } from '../../core/pipeline/later.js';
import { MAIN, branchDocPrefix, changeRequestBranch, commentsDoc, mainTreeDoc } from '../../../../src-shared/sync/doc-names.js';

declare module '../../core/pipeline/context.js' {
  interface Services {
    /** The answers of `…/diff` already computed, by the state of the docs they were computed from. */
    reviewDiffs: DiffCache;
  }
}

/** How many change requests' diffs are kept: a review's answer holds two bodies per changed page. */
const KEPT = 8;

/**
 * The answers of `…/diff`, each kept with the state it was computed from: the seq of every doc
 * the change request wrote, where each one's copy starts (its fork base, which an update or a
 * replica's base moves), and main's tree (which an unwritten tree reads). A review screen opened
 * again, or by a second reviewer, costs one small query instead of rebuilding 200 bodies; any
 * write to the change request's content, or a moved base, is a new state and computes anew.
 * Comments live in their own doc and leave the answer standing.
 */
export class DiffCache {
  private readonly answers = new Map<string, { state: string; answer: unknown }>();

  /**
   * The answer for the change request's content as it is now: kept, or computed and kept once
   * worked out (`compute` reads in the request's transaction; its work goes on after it, from
   * what it read, so the answer is of the state read here).
   */
  answer<T>(db: Database, changeRequest: { spaceId: string; id: string; merged: boolean }, compute: () => Later<T>): T | Later<T> {
    const changeRequestId = changeRequest.id;
    const state = contentState(db, changeRequest.spaceId, changeRequestId, !changeRequest.merged);
    const kept = this.answers.get(changeRequestId);
    if (kept && kept.state === state) {
      // Most recently used last: the oldest is the first dropped.
      this.answers.delete(changeRequestId);
      this.answers.set(changeRequestId, kept);
      return kept.answer as T;
    }
    const later = compute();
    return new Later(() =>
      later.work().then((answer) => {
        this.answers.delete(changeRequestId);
        this.answers.set(changeRequestId, { state, answer });
        while (this.answers.size > KEPT) this.answers.delete(this.answers.keys().next().value!);
        return answer;
      }),
    );
  }
}

/**
 * A digest of everything the change request's diff is computed from (see DiffCache). With
 * `withMain` (a change request not merged), main's docs of what it wrote too: where one holds
 * main's changes from after its base, main now tells them from its own (`MainAsJudged`).
 */
function contentState(db: Database, spaceId: string, changeRequestId: string, withMain: boolean): string {
  const prefix = branchDocPrefix(spaceId, changeRequestBranch(changeRequestId));
  const comments = commentsDoc(spaceId, changeRequestBranch(changeRequestId));
  const hash = createHash('sha256');
  const written = db.all<{ docId: string; seq: number }>(
    'SELECT doc_id AS docId, seq FROM docs WHERE substr(doc_id, 1, length(?)) = ? AND doc_id <> ? ORDER BY doc_id',
    prefix,
    prefix,
    comments,
  );
  for (const row of written) hash.update(`${row.docId}:${row.seq}\n`);
  const bases = db.all<{ docId: string; snapshot: Uint8Array | null }>(
    'SELECT doc_id AS docId, base_snapshot AS snapshot FROM doc_forks WHERE substr(doc_id, 1, length(?)) = ? ORDER BY doc_id',
    prefix,
    prefix,
  );
  for (const row of bases) hash.update(`${row.docId}:`).update(row.snapshot ?? new Uint8Array()).update('\n');
  const mainTree = db.get<{ seq: number }>('SELECT seq FROM docs WHERE doc_id = ?', mainTreeDoc(spaceId));
  hash.update(`main:${mainTree?.seq ?? 0}`);
  if (withMain) {
    const main = branchDocPrefix(spaceId, MAIN);
    const mains = db.all<{ docId: string; seq: number }>(
      `SELECT m.doc_id AS docId, m.seq FROM docs c JOIN docs m ON m.doc_id = ? || substr(c.doc_id, length(?) + 1)
       WHERE substr(c.doc_id, 1, length(?)) = ? AND c.doc_id <> ? ORDER BY m.doc_id`,
      main,
      prefix,
      prefix,
      prefix,
      comments,
    );
    for (const row of mains) hash.update(`${row.docId}:${row.seq}\n`);
  }
  return hash.digest('base64url');
}
