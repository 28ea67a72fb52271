import * as Y from 'yjs';
import { THREADS } from '../../domain/comments/doc.js';
import type { Database } from '../../core/db/database.js';

type Post = Record<string, unknown>;

/**
 * Whether a replica's update of a comments doc names a user this hub does not know yet: a local
 * user of that device whose row is still on its way in the change log (docs/sync.md, "Identity").
 * Judged like a refusal would be, but answered `unavailable`: the doc stays in the replica's
 * outbox and goes again once the rows arrive, instead of being refused and replaced, which would
 * lose the post.
 */
export function namesUnknownUser(db: Database, doc: Y.Doc, update: Uint8Array): boolean {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  try {
    Y.applyUpdate(copy, update);
  } catch {
    return false;
  }
  const named = new Set<string>();
  for (const thread of Object.values(copy.getMap(THREADS).toJSON() as Record<string, Post>)) {
    for (const post of [thread, ...(Array.isArray(thread.replies) ? (thread.replies as Post[]) : [])]) namesOf(post, named);
  }
  return [...named].some((userId) => !db.get('SELECT 1 FROM users WHERE id = ?', userId));
}

function namesOf(post: Post, named: Set<string>): void {
  for (const field of ['author', 'resolvedBy']) if (typeof post[field] === 'string') named.add(post[field]);
  const reactions = post.reactions && typeof post.reactions === 'object' ? (post.reactions as Record<string, unknown>) : {};
  for (const users of Object.values(reactions)) if (users && typeof users === 'object') for (const user of Object.keys(users)) named.add(user);
}
