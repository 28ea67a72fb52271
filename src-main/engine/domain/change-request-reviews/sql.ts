import type { Database } from '../../core/db/database.js';
import type { KeysetQuery } from '../../core/pagination.js';

export type ReviewStatus = 'approved' | 'changes-requested';

/** A review (migration 026), with whether it is outdated: the change request moved on, or its reviewer reviewed again. */
export interface ReviewRow {
  id: string;
  change_request_id: string;
  reviewer_id: string;
  status: ReviewStatus;
  revision: string;
  requested_by: string | null;
  comment_id: string | null;
  created_at: string;
  updated_at: string;
  outdated: 0 | 1;
}

/** Newer: later, or at the same instant a greater id, so that one review of a reviewer is the current one. */
const NEWER = 'n.reviewer_id = r.reviewer_id AND n.change_request_id = r.change_request_id AND (n.created_at > r.created_at OR (n.created_at = r.created_at AND n.id > r.id))';
const OUTDATED = `(r.revision <> cr.revision OR EXISTS (SELECT 1 FROM change_request_reviews n WHERE ${NEWER}))`;
const SELECT = `r.*, ${OUTDATED} AS outdated`;
const FROM = 'change_request_reviews r JOIN change_requests cr ON cr.id = r.change_request_id';

/** A change request's reviews, newest first, all of them or only the outdated or the current ones. */
export function reviewsOf(changeRequestId: string, outdated: boolean | undefined): KeysetQuery {
  const where = ['r.change_request_id = ?'];
  if (outdated !== undefined) where.push(outdated ? OUTDATED : `NOT ${OUTDATED}`);
  return {
    select: SELECT,
    from: FROM,
    where: where.join(' AND '),
    params: [changeRequestId],
    order: [
      { expr: 'r.created_at', column: 'created_at', desc: true },
      { expr: 'r.id', column: 'id', desc: true },
    ],
  };
}

export function findReview(db: Database, changeRequestId: string, reviewId: string): ReviewRow | undefined {
  return db.get<ReviewRow>(`SELECT ${SELECT} FROM ${FROM} WHERE r.change_request_id = ? AND r.id = ?`, changeRequestId, reviewId);
}

/** Each reviewer's current review (not superseded by a newer one of theirs), whatever the revision. */
export function currentReviews(db: Database, changeRequestId: string): ReviewRow[] {
  return db.all<ReviewRow>(
    `SELECT ${SELECT} FROM ${FROM} WHERE r.change_request_id = ? AND NOT EXISTS (SELECT 1 FROM change_request_reviews n WHERE ${NEWER})`,
    changeRequestId,
  );
}

export interface NewReview {
  id: string;
  changeRequestId: string;
  reviewerId: string;
  status: ReviewStatus;
  revision: string;
  requestedBy: string | null;
  commentId: string | null;
  now: string;
}

export function insertReview(db: Database, review: NewReview): void {
  db.run(
    `INSERT INTO change_request_reviews (id, change_request_id, reviewer_id, status, revision, requested_by, comment_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    review.id, review.changeRequestId, review.reviewerId, review.status, review.revision, review.requestedBy, review.commentId, review.now, review.now,
  );
}

export interface RequestedReviewerRow {
  change_request_id: string;
  /** A user asked, or a team (`kind`). */
  kind: 'user' | 'team';
  reviewer_id: string;
  requested_by: string;
  revision: string;
  created_at: string;
}

/** Users and teams asked, one list: the two tables of migrations 026 and 029. */
const REQUESTED = `(
  SELECT change_request_id, 'user' AS kind, 0 AS rank, user_id AS reviewer_id, requested_by, revision, created_at FROM change_request_requested_reviewers
  UNION ALL
  SELECT change_request_id, 'team' AS kind, 1 AS rank, team_id AS reviewer_id, requested_by, revision, created_at FROM change_request_requested_teams
)`;

/** The users and teams asked to review a change request, in the order they were asked (at one instant, users first). */
export function requestedReviewersOf(changeRequestId: string): KeysetQuery {
  return {
    select: 'q.*',
    from: `${REQUESTED} q`,
    where: 'q.change_request_id = ?',
    params: [changeRequestId],
    order: [
      { expr: 'q.created_at', column: 'created_at', desc: false },
      { expr: 'q.rank', column: 'rank', desc: false },
      { expr: 'q.reviewer_id', column: 'reviewer_id', desc: false },
    ],
  };
}

export function findRequestedReviewer(db: Database, changeRequestId: string, kind: 'user' | 'team', reviewerId: string): RequestedReviewerRow | undefined {
  return db.get<RequestedReviewerRow>(`SELECT * FROM ${REQUESTED} q WHERE change_request_id = ? AND kind = ? AND reviewer_id = ?`, changeRequestId, kind, reviewerId);
}

/** Who asked `userId` to review: asked themselves, else through a team of theirs (the first asked). */
export function requesterOf(db: Database, changeRequestId: string, userId: string): string | null {
  return (
    findRequestedReviewer(db, changeRequestId, 'user', userId)?.requested_by ??
    db.get<{ requested_by: string }>(
      `SELECT q.requested_by FROM change_request_requested_teams q JOIN team_members m ON m.team_id = q.team_id
       WHERE q.change_request_id = ? AND m.user_id = ? ORDER BY q.created_at, q.team_id LIMIT 1`,
      changeRequestId,
      userId,
    )?.requested_by ??
    null
  );
}

/** Asks a user or a team to review; one already asked keeps their first request. */
export function requestReviewer(db: Database, row: RequestedReviewerRow): void {
  const [table, column] = row.kind === 'user' ? ['change_request_requested_reviewers', 'user_id'] : ['change_request_requested_teams', 'team_id'];
  db.run(
    `INSERT OR IGNORE INTO ${table} (change_request_id, ${column}, requested_by, revision, created_at) VALUES (?, ?, ?, ?, ?)`,
    row.change_request_id, row.reviewer_id, row.requested_by, row.revision, row.created_at,
  );
}

/** Withdraws the request of the user, or of the team, of that id; answers whether there was one. */
export function withdrawRequest(db: Database, changeRequestId: string, reviewerId: string): boolean {
  const users = db.run('DELETE FROM change_request_requested_reviewers WHERE change_request_id = ? AND user_id = ?', changeRequestId, reviewerId).changes;
  const teams = db.run('DELETE FROM change_request_requested_teams WHERE change_request_id = ? AND team_id = ?', changeRequestId, reviewerId).changes;
  return users + teams > 0;
}

export interface ContributorRow {
  user_id: string;
  action_type: 'edit' | 'comment';
  count: number;
  updated_at: string;
}

/**
 * Who edited a change request (its contributors: created, wrote content, pulled main in, resolved
 * a conflict) and who commented on it (threads and replies), one row per person and kind, the
 * most recent first.
 */
export function contributorsOf(changeRequestId: string): KeysetQuery {
  const posts = `SELECT posted_by, posted_at FROM comments WHERE change_request_id = ?
    UNION ALL SELECT r.posted_by, r.posted_at FROM comment_replies r JOIN comments c ON c.id = r.comment_id WHERE c.change_request_id = ?`;
  const rows = `(
    SELECT user_id, 'edit' AS action_type, edits AS count, COALESCE(updated_at, '') AS updated_at, user_id || ':edit' AS key
      FROM change_request_contributors WHERE change_request_id = ?
    UNION ALL
    SELECT posted_by, 'comment', count(*), max(posted_at), posted_by || ':comment' FROM (${posts}) GROUP BY posted_by
  ) k`;
  return {
    select: 'k.*',
    from: rows,
    where: '1',
    params: [changeRequestId, changeRequestId, changeRequestId],
    order: [
      { expr: 'k.updated_at', column: 'updated_at', desc: true },
      { expr: 'k.key', column: 'key', desc: true },
    ],
  };
}
