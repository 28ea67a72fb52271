import { can, requireSpace } from '../spaces/rules.js';
import { findChangeRequest } from '../change-requests/sql.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { isFailure, notFound, type Failure } from '../../core/pipeline/failure.js';
import { parseDocName, treeDoc, type ParsedDocName } from '../../../../src-shared/sync/doc-names.js';
import { commentWriteRefusal } from './comment-writes.js';

/** A doc a caller may read: what it is, by the names of docs/content-design.md. */
export interface ReadableDoc {
  docId: string;
  name: ParsedDocName;
}

const UNKNOWN = 'No document of that name';

/**
 * Who may join a doc's room: readers of its space (404 for a name that is not a doc of an existing
 * space, change request or page, then 403). A space in the trash stays readable, as over HTTP.
 */
export function readableDoc(ctx: RequestContext, docId: string): ReadableDoc | Failure {
  const name = parseDocName(docId);
  if (!name) return notFound(UNKNOWN);
  const access = requireSpace(ctx, name.spaceId, can.view, 'readable');
  if (isFailure(access)) return access;
  if (name.branch.kind === 'change-request' && findChangeRequest(ctx.db, name.spaceId, name.branch.changeRequestId)?.id !== name.branch.changeRequestId) {
    return notFound(UNKNOWN);
  }
  if (name.kind === 'page' && !ctx.docs.load(treeDoc(name.spaceId, name.branch)).getMap('pages').has(name.pageId)) {
    return notFound(UNKNOWN);
  }
  return { docId, name };
}

/**
 * Why the caller may not write the doc now, or undefined when they may. Asked again for every
 * update, inside its transaction, so a space locked or a change request merged meanwhile
 * refuses the next one. Comment threads follow the comments API (the comment role, in a space
 * out of the trash, and what the update changes: yjs/comment-writes.ts); content takes the edit
 * role in a live space, and a change request that is still open or a draft.
 */
export function writeRefusal(ctx: RequestContext, doc: ReadableDoc, update: Uint8Array): string | undefined {
  const { name } = doc;
  const access = requireSpace(ctx, name.spaceId, () => true);
  if (isFailure(access)) return 'the space is in the trash';
  const status = name.branch.kind === 'main' ? undefined : findChangeRequest(ctx.db, name.spaceId, name.branch.changeRequestId)?.status;
  if (name.kind === 'comments') {
    if (!can.comment(access.role)) return 'writing comments needs the comment role';
    const writer = { userIds: new Set([ctx.actor.id]), admin: can.admin(access.role), takesPosts: status !== 'merged' };
    return commentWriteRefusal(ctx.docs.load(doc.docId), update, writer);
  }
  if (!can.edit(access.role)) return 'editing content needs the edit role';
  if (access.row.edit_mode !== 'live') return 'the space is locked';
  return status === 'merged' || status === 'archived' ? `the change request is ${status}` : undefined;
}
