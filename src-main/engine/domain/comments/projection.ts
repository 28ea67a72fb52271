import type { CommentsProjection } from '../content/projector.js';
import type { Database } from '../../core/db/database.js';
import { bodyDocument } from './body.js';
import { THREADS } from './doc.js';
import type { CommentRow, PlaceKey, ReplyRow } from './sql.js';
import { COMMENT_COLUMNS, REACTION_COLUMNS, REPLY_COLUMNS, rowsFromDoc, rowsKey, type ReactionValues, type ThreadRows } from './thread-rows.js';

/**
 * The comment tables follow the comments docs (docs/content-design.md, "Comments"). Registered
 * with the projector, this runs in the transaction of every write of a comments doc, whoever the
 * writer: the API's handlers (which name the thread they changed), a y-websocket peer or sync
 * (every thread of the doc is compared with its rows, and only those that differ are rewritten).
 */
export const projectCommentThreads: CommentsProjection = (db, { spaceId, branch }, doc, threadIds) => {
  const place: PlaceKey = { spaceId, changeRequestId: branch.kind === 'main' ? null : branch.changeRequestId };
  if (!placeExists(db, place)) return;
  const threads = doc.getMap<unknown>(THREADS);
  if (threadIds) {
    for (const id of threadIds) writeThread(db, place, id, rowsFromDoc(place, id, threads.get(id)));
    return;
  }
  const projected = projectedThreads(db, place);
  for (const id of new Set([...threads.keys(), ...projected.keys()])) {
    const rows = rowsFromDoc(place, id, threads.get(id));
    if (rowsKey(rows) !== rowsKey(projected.get(id))) writeThread(db, place, id, rows);
  }
};

/** A doc of a space or change request this database does not hold (yet) has nowhere to go. */
function placeExists(db: Database, place: PlaceKey): boolean {
  if (place.changeRequestId === null) return db.get('SELECT 1 FROM spaces WHERE id = ?', place.spaceId) !== undefined;
  return db.get('SELECT 1 FROM change_requests WHERE id = ? AND space_id = ?', place.changeRequestId, place.spaceId) !== undefined;
}

/** Rewrites one thread's rows (none when the doc holds no thread there, or none that may be listed). */
function writeThread(db: Database, place: PlaceKey, id: string, rows: ThreadRows | undefined): void {
  // Its replies and reactions go with it (ON DELETE CASCADE).
  db.run('DELETE FROM comments WHERE id = ? AND space_id = ? AND change_request_id IS ?', id, place.spaceId, place.changeRequestId);
  const admitted = rows && admit(db, rows);
  if (!admitted) return;
  insert(db, 'comments', COMMENT_COLUMNS, admitted.comment);
  for (const reply of admitted.replies) insert(db, 'comment_replies', REPLY_COLUMNS, reply);
  for (const reaction of admitted.reactions) insert(db, 'comment_reactions', REACTION_COLUMNS, reaction);
}

/**
 * What of a thread a peer wrote may be listed: the API answers every post with its author and a
 * body in either format, and ids are unique across every place's threads and replies. A thread
 * failing that is not listed; a reply failing it is left out, with its reactions, and so is a
 * reaction of someone unknown.
 */
function admit(db: Database, rows: ThreadRows): ThreadRows | undefined {
  const isUser = (id: string) => db.get('SELECT 1 FROM users WHERE id = ?', id) !== undefined;
  const takenId = (id: string) =>
    db.get('SELECT 1 FROM comments WHERE id = ? UNION ALL SELECT 1 FROM comment_replies WHERE id = ?', id, id) !== undefined;
  const listable = (post: CommentRow | ReplyRow) => !takenId(post.id) && isUser(post.posted_by) && bodyDocument(post.body).ok;
  const { comment } = rows;
  if (!listable(comment) || (comment.resolved_by !== null && !isUser(comment.resolved_by))) return undefined;
  const replies = rows.replies.filter(listable);
  const subjects = new Set([comment.id, ...replies.map((reply) => reply.id)]);
  const reactions = rows.reactions.filter((reaction) => subjects.has(reaction.subject_id) && isUser(reaction.user_id));
  return { comment, replies, reactions };
}

function insert<R extends object>(db: Database, table: string, columns: readonly (keyof R & string)[], row: R): void {
  db.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, ...columns.map((column) => row[column]));
}

/** The rows of every thread of the place, as the projection last wrote them. */
function projectedThreads(db: Database, place: PlaceKey): Map<string, ThreadRows> {
  const params = [place.spaceId, place.changeRequestId];
  const ofPlace = 'c.space_id = ? AND c.change_request_id IS ?';
  const threads = new Map<string, ThreadRows>();
  for (const comment of db.all<CommentRow>(`SELECT ${COMMENT_COLUMNS.join(', ')} FROM comments c WHERE ${ofPlace}`, ...params)) {
    threads.set(comment.id, { comment, replies: [], reactions: [] });
  }
  const replies = db.all<ReplyRow>(
    `SELECT ${REPLY_COLUMNS.map((column) => `r.${column}`).join(', ')} FROM comment_replies r JOIN comments c ON c.id = r.comment_id
     WHERE ${ofPlace} ORDER BY r.comment_id, r.position`,
    ...params,
  );
  for (const reply of replies) threads.get(reply.comment_id)!.replies.push(reply);
  const reactions = db.all<ReactionValues>(
    `SELECT ${REACTION_COLUMNS.map((column) => `x.${column}`).join(', ')} FROM comment_reactions x JOIN comments c ON c.id = x.comment_id
     WHERE ${ofPlace}`,
    ...params,
  );
  for (const reaction of reactions) threads.get(reaction.comment_id)!.reactions.push(reaction);
  return threads;
}
