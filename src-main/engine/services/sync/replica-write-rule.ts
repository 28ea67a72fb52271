import { can, requireSpace } from '../../domain/spaces/rules.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { isFailure } from '../../core/pipeline/failure.js';
import type { ParsedDocName } from '../../../../src-shared/sync/doc-names.js';
import { commentWriteRefusal } from '../../domain/yjs/comment-writes.js';
import { namesSpokenFor } from './changes/vouched.js';
import type { ReadableDoc } from '../../domain/yjs/doc-access.js';

/**
 * Who may write a doc from a replica (docs/sync.md, "Edit versus merge"): the role, as the API
 * gives it on the space (comment for threads, with the comments API's rules on what a writer may
 * change in them; edit for content). The states a live client is held to (a locked space, a
 * merged or archived change request) were checked by the replica's own engine as it saw them
 * when the edit was made offline; a merge or lock elsewhere meanwhile does not make the hub drop
 * it, so an acknowledged edit is never lost, and it stays in its change request: it does not reach main.
 */
export function replicaWriteRefusal(ctx: RequestContext, doc: ReadableDoc, update: Uint8Array): string | undefined {
  if (doc.name.kind !== 'comments') return contentWriteRefusal(ctx, doc.name);
  const access = requireSpace(ctx, doc.name.spaceId, () => true, 'readable');
  if (isFailure(access)) return 'the space is not there';
  if (!can.comment(access.role)) return 'writing comments needs the comment role';
  const userIds = namesSpokenFor(ctx.db, ctx.actor.id);
  return commentWriteRefusal(ctx.docs.load(doc.docId), update, { userIds, admin: can.admin(access.role), takesPosts: true });
}

/** A page tree or body from a replica: the edit role on the space. */
export function contentWriteRefusal(ctx: RequestContext, name: ParsedDocName): string | undefined {
  const access = requireSpace(ctx, name.spaceId, () => true, 'readable');
  if (isFailure(access)) return 'the space is not there';
  return can.edit(access.role) ? undefined : 'editing content needs the edit role';
}
