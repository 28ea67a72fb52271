import * as Y from 'yjs';
import { appendCopyEdit } from '../../core/docs/copy-edit.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { commentsDoc } from '../../../../src-shared/sync/doc-names.js';
import { branchOf, type CommentPlace } from './place.js';

/** The root map of the doc: thread id → thread. */
export const THREADS = 'threads';

/**
 * A thread is a `Y.Map` of `id`, `body` (Markdown), `author`, `postedAt`, `editedAt`, `status`,
 * `resolvedAt`, `resolvedBy`, `target` (plain JSON), `anchor` (for a thread on a block: the
 * block's place in its page body, an encoded `Y.RelativePosition`; content/comment-anchors.ts),
 * `reactions` and `replies` (a `Y.Array` of reply maps, which hold the same fields as a thread up
 * to `editedAt`, and `reactions`).
 * `reactions` maps an emoji to a `Y.Map` of user id → when they reacted, so that two peers
 * reacting at once both count, and one user counts once per emoji.
 */
export type YPost = Y.Map<unknown>;

export interface NewPost {
  id: string;
  body: string;
  author: string;
  postedAt: string;
}

export interface Target {
  page?: string;
  node?: string;
  tableCell?: { record: string; definition: string };
  revision: string;
  /** The review the thread came with. */
  review?: string;
}

/** What a new thread is posted on, with the anchor of its block when it names one. */
export interface Placement {
  target: Target;
  anchor?: Uint8Array;
}

/**
 * Applies `change`, which changes the thread `threadId` only, to a copy of the place's threads
 * and appends what it changed (docs/copy-edit.ts). The projector, which projects every write of
 * the doc, is lent the copy and told which thread changed, and projects it at once, so that the
 * answer can read it.
 */
export function changeThreads(
  ctx: Pick<RequestContext, 'docs' | 'projector'>,
  place: CommentPlace,
  threadId: string,
  change: (threads: Y.Map<YPost>) => void,
): void {
  const docId = commentsDoc(place.spaceId, branchOf(place));
  const edit = appendCopyEdit(ctx.docs, docId, (copy) => change(copy.getMap<YPost>(THREADS)));
  if (!edit) return;
  ctx.projector.lendThreads(docId, edit.seq, edit.copy, new Set([threadId]));
  ctx.projector.settle();
}

function newPost(post: NewPost): YPost {
  const map: YPost = new Y.Map();
  for (const [key, value] of Object.entries(post)) map.set(key, value);
  map.set('reactions', new Y.Map());
  return map;
}

export function newThread(post: NewPost, { target, anchor }: Placement): YPost {
  const thread = newPost(post);
  thread.set('status', 'open');
  // Absent fields are left out: the doc would keep them as explicit undefined values.
  thread.set('target', Object.fromEntries(Object.entries(target).filter(([, value]) => value !== undefined)));
  if (anchor) thread.set('anchor', anchor);
  thread.set('replies', new Y.Array<YPost>());
  return thread;
}

export const newReply = newPost;

export function repliesOf(thread: YPost): Y.Array<YPost> {
  return thread.get('replies') as Y.Array<YPost>;
}

/** The index of a reply in its thread, or -1. */
export function replyIndex(thread: YPost, replyId: string): number {
  return repliesOf(thread).toArray().findIndex((reply) => reply.get('id') === replyId);
}

export function editBody(post: YPost, markdown: string, now: string): void {
  post.set('body', markdown);
  post.set('editedAt', now);
}

export function setResolved(thread: YPost, resolved: boolean, userId: string, now: string): void {
  if (resolved === (thread.get('status') === 'resolved')) return;
  thread.set('status', resolved ? 'resolved' : 'open');
  if (resolved) {
    thread.set('resolvedAt', now);
    thread.set('resolvedBy', userId);
  } else {
    thread.delete('resolvedAt');
    thread.delete('resolvedBy');
  }
}

/** Adds and removes one user's reactions; reacting again with the same emoji changes nothing. */
export function react(post: YPost, userId: string, change: { added?: string[]; removed?: string[] }, now: string): void {
  const reactions = post.get('reactions') as Y.Map<Y.Map<string>>;
  for (const emoji of change.added ?? []) {
    let users = reactions.get(emoji);
    if (!users) reactions.set(emoji, (users = new Y.Map<string>()));
    if (!users.has(userId)) users.set(userId, now);
  }
  for (const emoji of change.removed ?? []) {
    const users = reactions.get(emoji);
    users?.delete(userId);
    if (users?.size === 0) reactions.delete(emoji);
  }
}
