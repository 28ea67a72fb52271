import * as Y from 'yjs';
import { THREADS } from '../comments/doc.js';

/** Who writes a comments doc, and what the comments API would let them do. */
export interface CommentWriter {
  /** Whose names the writer posts, resolves and reacts in: their own; a replica's also its device's other users (sync/changes/vouched.ts). */
  userIds: ReadonlySet<string>;
  /** A space admin deletes anyone's comment or reply. */
  admin: boolean;
  /** False in a merged change request: it takes no new comments or replies. */
  takesPosts: boolean;
}

type Post = Record<string, unknown>;

/** Fields only the post's author changes (editing its body); those not listed here or below never change once posted. */
const AUTHORS = ['body', 'editedAt'];
/** Fields any commenter changes, by the API's rules checked below. */
const SHARED = ['status', 'resolvedAt', 'resolvedBy', 'reactions', 'replies'];

/**
 * Why a peer's update of a comments doc breaks the comments API's rules, or undefined when it
 * keeps them. The update is applied to a copy of the doc and the threads compared before and
 * after, so whatever arrives (a new thread, a reply pushed, a field overwritten, a deletion) is
 * judged by what it changes: a post is made under the writer's own name only, a body is edited by
 * its author only, a post is deleted by its author or a space admin, resolving names the writer,
 * and reactions added or removed are the writer's own.
 */
export function commentWriteRefusal(doc: Y.Doc, update: Uint8Array, writer: CommentWriter): string | undefined {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const before = copy.getMap(THREADS).toJSON() as Record<string, Post>;
  try {
    Y.applyUpdate(copy, update);
  } catch {
    // A malformed update is the store's to report; it changes nothing here.
    return undefined;
  }
  const after = copy.getMap(THREADS).toJSON() as Record<string, Post>;
  for (const id of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const refusal = postRefusal(before[id], after[id], writer, 'comment');
    if (refusal) return refusal;
  }
  return undefined;
}

function postRefusal(before: Post | undefined, after: Post | undefined, writer: CommentWriter, kind: 'comment' | 'reply'): string | undefined {
  if (same(before, after)) return undefined;
  if (!before) return createRefusal(after!, writer, kind);
  if (!after) return writer.userIds.has(String(before.author)) || writer.admin ? undefined : `a ${kind} is deleted by its author or a space admin`;
  const changed = Object.keys({ ...before, ...after }).filter((key) => !same(before[key], after[key]));
  // id, author, postedAt, target, anchor, and anything a peer invented.
  const fixed = changed.find((key) => !AUTHORS.includes(key) && !SHARED.includes(key));
  if (fixed) return `the ${fixed} of a ${kind} does not change`;
  if (changed.some((key) => AUTHORS.includes(key)) && !writer.userIds.has(String(before.author))) return `a ${kind} is edited by its author only`;
  if (changed.includes('resolvedBy') && after.resolvedBy !== undefined && !writer.userIds.has(String(after.resolvedBy))) {
    return 'a comment is resolved in the name of who resolves it';
  }
  return reactionsRefusal(before.reactions, after.reactions, writer) ?? repliesRefusal(before.replies, after.replies, writer);
}

function createRefusal(post: Post, writer: CommentWriter, kind: 'comment' | 'reply'): string | undefined {
  if (!writer.takesPosts) return `a merged change request takes no new ${kind}s`;
  if (!writer.userIds.has(String(post.author))) return `a ${kind} is posted under its writer's own name`;
  if (post.resolvedBy !== undefined && !writer.userIds.has(String(post.resolvedBy))) return 'a comment is resolved in the name of who resolves it';
  return reactionsRefusal(undefined, post.reactions, writer) ?? repliesRefusal(undefined, post.replies, writer);
}

/** Reactions map an emoji to user id → when; a writer adds and removes their own only. */
function reactionsRefusal(before: unknown, after: unknown, writer: CommentWriter): string | undefined {
  const was = asRecord(before);
  const is = asRecord(after);
  for (const emoji of new Set([...Object.keys(was), ...Object.keys(is)])) {
    const users = asRecord(was[emoji]);
    const now = asRecord(is[emoji]);
    const touched = [...new Set([...Object.keys(users), ...Object.keys(now)])].filter((user) => !same(users[user], now[user]));
    if (touched.some((user) => !writer.userIds.has(user))) return 'a reaction is added or removed by its own user only';
  }
  return undefined;
}

/** Replies are matched by id, so that a reply inserted before others is seen as new, not as all of them changed. */
function repliesRefusal(before: unknown, after: unknown, writer: CommentWriter): string | undefined {
  const was = asPosts(before);
  const is = asPosts(after);
  const unmatched = [...was];
  for (const reply of is) {
    const index = unmatched.findIndex((old) => same(old, reply));
    if (index >= 0) {
      unmatched.splice(index, 1);
      continue;
    }
    const refusal = postRefusal(was.find((old) => old.id === reply.id), reply, writer, 'reply');
    if (refusal) return refusal;
  }
  for (const gone of unmatched.filter((old) => !is.some((reply) => reply.id === old.id))) {
    const refusal = postRefusal(gone, undefined, writer, 'reply');
    if (refusal) return refusal;
  }
  return undefined;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const asPosts = (value: unknown): Post[] => (Array.isArray(value) ? value.map(asRecord) : []);

/** Plain values out of `toJSON` (byte arrays included) compare by their JSON. */
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
