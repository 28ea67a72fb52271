import * as Y from 'yjs';
import { repliesOf, THREADS, type YPost } from '../../../domain/comments/doc.js';
import { appendCopyEdit } from '../../../core/docs/copy-edit.js';
import type { DocStore } from '../../../core/docs/store.js';
import { parseDocName } from '../../../../../src-shared/sync/doc-names.js';

/**
 * The comment threads' half of adopting the hub user (identity.ts): threads, replies, resolutions
 * and reactions a local user made before the first connection become the hub user's, as an edit
 * of each comments doc. Nothing was exchanged yet, so the hub first sees them as the hub user's
 * own posts, which its write rules accept (yjs/comment-writes.ts).
 */
export function adoptCommentAuthors(docs: DocStore, localIds: readonly string[], hubUserId: string): void {
  const locals = new Set(localIds);
  if (locals.size === 0) return;
  for (const docId of docs.writtenUnder('space/')) {
    if (parseDocName(docId)?.kind !== 'comments') continue;
    appendCopyEdit(docs, docId, (copy) => {
      for (const thread of copy.getMap<YPost>(THREADS).values()) {
        adoptPost(thread, locals, hubUserId);
        for (const reply of repliesOf(thread)) adoptPost(reply, locals, hubUserId);
      }
    });
  }
}

function adoptPost(post: YPost, locals: ReadonlySet<string>, hubUserId: string): void {
  for (const field of ['author', 'resolvedBy']) {
    const user = post.get(field);
    if (typeof user === 'string' && locals.has(user)) post.set(field, hubUserId);
  }
  const reactions = post.get('reactions') as Y.Map<Y.Map<string>> | undefined;
  for (const users of reactions?.values() ?? []) {
    for (const [user, at] of [...users.entries()]) {
      if (!locals.has(user)) continue;
      users.delete(user);
      if (!users.has(hubUserId)) users.set(hubUserId, at);
    }
  }
}
