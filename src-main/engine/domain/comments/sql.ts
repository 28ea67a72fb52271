import type { Database } from '../../core/db/database.js';
import type { KeysetQuery } from '../../core/pagination.js';
import type { CommentPlace } from './place.js';

/** What identifies a place in the projection. */
export type PlaceKey = Pick<CommentPlace, 'spaceId' | 'changeRequestId'>;

export interface PostRow {
  id: string;
  posted_by: string;
  posted_at: string;
  edited_at: string | null;
  body: string;
}

export interface CommentRow extends PostRow {
  space_id: string;
  change_request_id: string | null;
  status: 'open' | 'resolved';
  resolved_at: string | null;
  resolved_by: string | null;
  page_id: string | null;
  node_id: string | null;
  table_cell: string | null;
  revision: string;
  /** The block's place in its page body, for a thread posted on a block (content/comment-anchors.ts). */
  anchor: Buffer | null;
  /** The review a thread came with (a change request's, `ChangeRequestReview.comment`). */
  review_id: string | null;
}

export type ReplyRow = PostRow & { comment_id: string; position: number };

export interface ReactionRow {
  emoji: string;
  user_id: string;
  reacted_at: string;
}

// `IS` matches NULL with NULL: a space's own comments are not found under a change request, nor the reverse.
export function findComment(db: Database, place: PlaceKey, commentId: string): CommentRow | undefined {
  return db.get<CommentRow>(
    'SELECT * FROM comments WHERE id = ? AND space_id = ? AND change_request_id IS ?',
    commentId, place.spaceId, place.changeRequestId,
  );
}

export function findReply(db: Database, commentId: string, replyId: string): ReplyRow | undefined {
  return db.get<ReplyRow>('SELECT * FROM comment_replies WHERE id = ? AND comment_id = ?', replyId, commentId);
}

/** Reactions of a comment or a reply, in the order they were made. */
export function reactionsOf(db: Database, subjectId: string): ReactionRow[] {
  return db.all<ReactionRow>(
    'SELECT emoji, user_id, reacted_at FROM comment_reactions WHERE subject_id = ? ORDER BY reacted_at, emoji, user_id',
    subjectId,
  );
}

export interface ReplierRow {
  posted_by: string;
  count: number;
  updated_at: string;
}

/** Who replied to a comment, how often and when last, first replier first. */
export function repliersOf(db: Database, commentId: string): ReplierRow[] {
  return db.all<ReplierRow>(
    `SELECT posted_by, count(*) AS count, max(COALESCE(edited_at, posted_at)) AS updated_at
     FROM comment_replies WHERE comment_id = ? GROUP BY posted_by ORDER BY min(position)`,
    commentId,
  );
}

export function countReplies(db: Database, commentId: string): number {
  return db.get<{ n: number }>('SELECT count(*) AS n FROM comment_replies WHERE comment_id = ?', commentId)!.n;
}

/** `Space.comments`: the open comments of the space itself, not of its change requests. */
export function countOpenComments(db: Database, spaceId: string): number {
  return db.get<{ n: number }>(
    "SELECT count(*) AS n FROM comments WHERE space_id = ? AND change_request_id IS NULL AND status = 'open'",
    spaceId,
  )!.n;
}

export interface CommentFilter {
  order: 'asc' | 'desc';
  status: 'all' | 'open' | 'resolved';
  targetPage?: string;
  authors?: string[];
}

export function commentsOf(place: PlaceKey, filter: CommentFilter): KeysetQuery {
  const where = ['space_id = ?', 'change_request_id IS ?'];
  const params: unknown[] = [place.spaceId, place.changeRequestId];
  if (filter.status !== 'all') {
    where.push('status = ?');
    params.push(filter.status);
  }
  if (filter.targetPage !== undefined) {
    where.push('page_id = ?');
    params.push(filter.targetPage);
  }
  if (filter.authors?.length) {
    where.push('posted_by IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filter.authors));
  }
  const desc = filter.order === 'desc';
  return {
    select: '*',
    from: 'comments',
    where: where.join(' AND '),
    params,
    order: [
      { expr: 'posted_at', column: 'posted_at', desc },
      { expr: 'id', column: 'id', desc },
    ],
  };
}

export const repliesOfComment = (commentId: string): KeysetQuery => ({
  select: '*',
  from: 'comment_replies',
  where: 'comment_id = ?',
  params: [commentId],
  // Not by position: a deleted reply shifts the positions after it, which would move a cursor.
  order: [{ expr: 'posted_at', column: 'posted_at', desc: false }, { expr: 'id', column: 'id', desc: false }],
});
