import type { ChangeRequestStatus } from '../../../../src-shared/contract/change-requests.js';
import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import type { KeysetQuery, OrderKey } from '../../core/pagination.js';

/** A change request with its space's current revision, which `outdated` compares with, and its open comments. */
export interface ChangeRequestRow {
  id: string;
  space_id: string;
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  description: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  revision: string;
  revision_initial: string;
  revision_merged_ancestor: string | null;
  revision_merged: string | null;
  merged_by: string | null;
  merged_at: string | null;
  /** The issue cluster its subject or description names (migration 016's triggers). */
  conversations_issues_cluster: string | null;
  space_revision: string;
  /** Its open comments (`ChangeRequest.comments`). */
  open_comments: number;
}

const OPEN_COMMENTS = "(SELECT count(*) FROM comments c WHERE c.change_request_id = cr.id AND c.status = 'open')";
const SELECT = `cr.*, s.revision AS space_revision, ${OPEN_COMMENTS} AS open_comments`;
const FROM = 'change_requests cr JOIN spaces s ON s.id = cr.space_id';

/** By id, or by number in the space when `idOrNumber` is all digits and no id matches. */
export function findChangeRequest(db: Database, spaceId: string, idOrNumber: string): ChangeRequestRow | undefined {
  const byId = db.get<ChangeRequestRow>(`SELECT ${SELECT} FROM ${FROM} WHERE cr.space_id = ? AND cr.id = ?`, spaceId, idOrNumber);
  if (byId || !/^\d+$/.test(idOrNumber)) return byId;
  return db.get<ChangeRequestRow>(
    `SELECT ${SELECT} FROM ${FROM} WHERE cr.space_id = ? AND cr.number = ?`,
    spaceId,
    Number(idOrNumber),
  );
}

export interface NewChangeRequest {
  spaceId: string;
  subject: string;
  createdBy: string;
  /** The space's revision it starts from: its initial and its active revision. */
  revision: string;
  now: string;
}

/**
 * Inserts an open change request numbered one past the space's highest. The request's write
 * transaction holds the database's write lock, so no other writer can take the same number.
 */
export function insertChangeRequest(db: Database, cr: NewChangeRequest): string {
  const id = newId();
  db.run(
    `INSERT INTO change_requests (id, space_id, number, status, subject, created_by, created_at, updated_at, revision, revision_initial)
     VALUES (?, ?, (SELECT COALESCE(MAX(number), 0) + 1 FROM change_requests WHERE space_id = ?), 'open', ?, ?, ?, ?, ?, ?)`,
    id,
    cr.spaceId,
    cr.spaceId,
    cr.subject,
    cr.createdBy,
    cr.now,
    cr.now,
    cr.revision,
    cr.revision,
  );
  addContributor(db, id, cr.createdBy, cr.now);
  return id;
}

/** Column names always come from our code, never from input. */
export function updateChangeRequest(db: Database, id: string, columns: Record<string, unknown>): void {
  const names = Object.keys(columns);
  if (names.length === 0) return;
  db.run(`UPDATE change_requests SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`, ...Object.values(columns), id);
}

/** Counts one more edit of a change request by `userId` (created it, wrote its content, pulled main in, resolved a conflict). */
export function addContributor(db: Database, changeRequestId: string, userId: string, now: string): void {
  db.run(
    `INSERT INTO change_request_contributors (change_request_id, user_id, edits, updated_at) VALUES (?, ?, 1, ?)
     ON CONFLICT (change_request_id, user_id) DO UPDATE SET edits = edits + 1, updated_at = excluded.updated_at`,
    changeRequestId,
    userId,
    now,
  );
}

export interface ChangeRequestCounts {
  all: number;
  open: number;
  draft: number;
}

export function changeRequestCounts(db: Database, spaceId: string): ChangeRequestCounts {
  return db.get<ChangeRequestCounts>(
    `SELECT count(*) AS "all", count(*) FILTER (WHERE status = 'open') AS open, count(*) FILTER (WHERE status = 'draft') AS draft
     FROM change_requests WHERE space_id = ?`,
    spaceId,
  )!;
}

export interface ChangeRequestFilters {
  status?: ChangeRequestStatus;
  creator?: string;
  contributor?: string;
  requestedReviewer?: string;
  conversationsIssuesCluster?: string;
}

/** A space's change requests, highest number (newest) first. */
export function changeRequestsOfSpace(spaceId: string, filters: ChangeRequestFilters): KeysetQuery {
  const order: OrderKey[] = [{ expr: 'cr.number', column: 'number', desc: true }];
  return filtered({ select: SELECT, from: FROM, where: 'cr.space_id = ?', params: [spaceId], order }, filters);
}

/** The change requests of the given live spaces, newest first. */
export function changeRequestsOfSpaces(spaceIds: string[], filters: ChangeRequestFilters): KeysetQuery {
  const order: OrderKey[] = [
    { expr: 'cr.created_at', column: 'created_at', desc: true },
    { expr: 'cr.id', column: 'id', desc: true },
  ];
  const where = 's.deleted_at IS NULL AND cr.space_id IN (SELECT value FROM json_each(?))';
  return filtered({ select: SELECT, from: FROM, where, params: [JSON.stringify(spaceIds)], order }, filters);
}

function filtered(query: KeysetQuery, filters: ChangeRequestFilters): KeysetQuery {
  const where = [query.where];
  const params = [...query.params];
  if (filters.status !== undefined) {
    where.push('cr.status = ?');
    params.push(filters.status);
  }
  if (filters.creator !== undefined) {
    where.push('cr.created_by = ?');
    params.push(filters.creator);
  }
  if (filters.contributor !== undefined) {
    where.push(`(EXISTS (SELECT 1 FROM change_request_contributors c WHERE c.change_request_id = cr.id AND c.user_id = ?)
      OR EXISTS (SELECT 1 FROM comments m WHERE m.change_request_id = cr.id AND m.posted_by = ?)
      OR EXISTS (SELECT 1 FROM comment_replies r JOIN comments m ON m.id = r.comment_id WHERE m.change_request_id = cr.id AND r.posted_by = ?))`);
    params.push(filters.contributor, filters.contributor, filters.contributor);
  }
  if (filters.requestedReviewer !== undefined) {
    // Asked themselves, or through a team of theirs.
    where.push(
      `(EXISTS (SELECT 1 FROM change_request_requested_reviewers q WHERE q.change_request_id = cr.id AND q.user_id = ?)
        OR EXISTS (SELECT 1 FROM change_request_requested_teams q JOIN team_members m ON m.team_id = q.team_id WHERE q.change_request_id = cr.id AND m.user_id = ?))`,
    );
    params.push(filters.requestedReviewer, filters.requestedReviewer);
  }
  if (filters.conversationsIssuesCluster !== undefined) {
    where.push('cr.conversations_issues_cluster = ?');
    params.push(filters.conversationsIssuesCluster);
  }
  return { ...query, where: where.join(' AND '), params };
}
