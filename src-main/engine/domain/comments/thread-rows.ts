import * as Y from 'yjs';
import { z } from 'zod';
import type { CommentRow, PlaceKey, ReactionRow, ReplyRow } from './sql.js';

/**
 * A thread as the comment tables hold it: its `comments` row, its replies' rows and the rows of
 * every reaction in it. Built from the doc, whoever wrote it, and read back from SQL, in one shape,
 * so that the projection can tell which threads differ.
 */
export interface ThreadRows {
  comment: CommentRow;
  replies: ReplyRow[];
  reactions: ReactionValues[];
}

/** A reaction's row: who reacted with which emoji to the thread or one of its replies (`subject_id`). */
export type ReactionValues = ReactionRow & { subject_id: string; comment_id: string };

export const COMMENT_COLUMNS = [
  'id', 'space_id', 'change_request_id', 'posted_by', 'posted_at', 'edited_at', 'body', 'status', 'resolved_at',
  'resolved_by', 'page_id', 'node_id', 'table_cell', 'revision', 'anchor', 'review_id',
] as const satisfies readonly (keyof CommentRow)[];
export const REPLY_COLUMNS = ['id', 'comment_id', 'position', 'posted_by', 'posted_at', 'edited_at', 'body'] as const satisfies readonly (keyof ReplyRow)[];
export const REACTION_COLUMNS = ['subject_id', 'comment_id', 'emoji', 'user_id', 'reacted_at'] as const satisfies readonly (keyof ReactionValues)[];

// Any peer may write the doc: its threads are read as untrusted JSON.
const Reactions = z.record(z.string(), z.record(z.string(), z.string()));
const Post = z.object({
  id: z.string(),
  body: z.string(),
  author: z.string(),
  postedAt: z.string(),
  editedAt: z.string().optional(),
  reactions: Reactions.optional(),
});
const Thread = Post.extend({
  status: z.enum(['open', 'resolved']),
  resolvedAt: z.string().optional(),
  resolvedBy: z.string().optional(),
  target: z.object({
    page: z.string().optional(),
    node: z.string().optional(),
    tableCell: z.object({ record: z.string(), definition: z.string() }).optional(),
    revision: z.string(),
    review: z.string().optional(),
  }),
  anchor: z.instanceof(Uint8Array).optional(),
  replies: z.array(z.unknown()).optional(),
});

/**
 * The rows of the thread stored under `id`, or undefined when there is none or it is not a thread
 * (a field missing or of the wrong kind, an id other than its key, a resolved thread without who
 * and when). A reply that is not one is left out, and so is a second reply of the same id.
 */
export function rowsFromDoc(place: PlaceKey, id: string, thread: unknown): ThreadRows | undefined {
  const parsed = Thread.safeParse(thread instanceof Y.AbstractType ? thread.toJSON() : thread);
  if (!parsed.success) return undefined;
  const json = parsed.data;
  const resolved = json.status === 'resolved';
  if (json.id !== id || (resolved && (json.resolvedAt === undefined || json.resolvedBy === undefined))) return undefined;
  const { target } = json;
  const comment: CommentRow = {
    id,
    space_id: place.spaceId,
    change_request_id: place.changeRequestId,
    ...postValues(json),
    status: json.status,
    resolved_at: resolved ? json.resolvedAt! : null,
    resolved_by: resolved ? json.resolvedBy! : null,
    page_id: target.page ?? null,
    node_id: target.node ?? null,
    table_cell: target.tableCell ? JSON.stringify(target.tableCell) : null,
    revision: target.revision,
    anchor: json.anchor ? Buffer.from(json.anchor) : null,
    review_id: target.review ?? null,
  };
  const replies: ReplyRow[] = [];
  const reactions = reactionValues(id, id, json.reactions);
  const seen = new Set([id]);
  for (const [position, value] of (json.replies ?? []).entries()) {
    const reply = Post.safeParse(value);
    if (!reply.success || seen.has(reply.data.id)) continue;
    seen.add(reply.data.id);
    replies.push({ id: reply.data.id, comment_id: id, position, ...postValues(reply.data) });
    reactions.push(...reactionValues(id, reply.data.id, reply.data.reactions));
  }
  return { comment, replies, reactions };
}

function postValues(post: z.output<typeof Post>) {
  return { posted_by: post.author, posted_at: post.postedAt, edited_at: post.editedAt ?? null, body: post.body };
}

function reactionValues(threadId: string, subjectId: string, reactions: z.output<typeof Reactions> | undefined): ReactionValues[] {
  return Object.entries(reactions ?? {}).flatMap(([emoji, users]) =>
    Object.entries(users).map(([userId, reactedAt]) => ({ subject_id: subjectId, comment_id: threadId, emoji, user_id: userId, reacted_at: reactedAt })),
  );
}

/** One text per thread's rows, equal for equal rows (reactions in any order). */
export function rowsKey(rows: ThreadRows | undefined): string {
  if (!rows) return '';
  const values = <K extends string>(row: Record<K, unknown>, columns: readonly K[]) =>
    columns.map((column) => (row[column] instanceof Uint8Array ? Buffer.from(row[column] as Uint8Array).toString('base64') : row[column]));
  const reactions = rows.reactions.map((row) => JSON.stringify(values(row, REACTION_COLUMNS))).sort();
  return JSON.stringify([values(rows.comment, COMMENT_COLUMNS), rows.replies.map((row) => values(row, REPLY_COLUMNS)), reactions]);
}
