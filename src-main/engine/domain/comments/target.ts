import { anchorBlock, resolveAnchor } from '../content/comment-anchors.js';
import { projectedPage, rowsBranch } from '../content/projection-sql.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { badRequest, type Failure } from '../../core/pipeline/failure.js';
import { pageDoc, type Branch } from '../../../../src-shared/sync/doc-names.js';
import type { Placement } from './doc.js';
import type { CommentPlace } from './place.js';
import type { CommentRow } from './sql.js';

type TableCell = { record: string; definition: string };

/**
 * What a new thread is posted on. A page must be one of the place's content (its change request's
 * for a change request's thread), and a block one of that page's body; both answer 400 naming the
 * field otherwise. A block is anchored in the body (content/comment-anchors.ts).
 */
export function placeNewThread(
  ctx: RequestContext,
  place: CommentPlace,
  body: { page?: string; node?: string; tableCell?: TableCell },
): Placement | Failure {
  const target = { page: body.page, node: body.node, tableCell: body.tableCell, revision: place.revision };
  const { page, node } = body;
  if (page === undefined) return node === undefined ? { target } : badRequest('body.node: a block is named with its page, body.page');
  if (!hasPage(ctx, place.spaceId, place.content, page)) return badRequest(`body.page: the content holds no page ${page}`);
  if (node === undefined) return { target };
  const anchor = anchorBlock(ctx.docs.load(pageDoc(place.spaceId, place.content, page)), node);
  return anchor ? { target, anchor } : badRequest(`body.node: page ${page} holds no block ${node}`);
}

/**
 * Where a thread sits now, for its answer's `target`: the block its anchor resolves to in the
 * place's content as it is. `detached` says that nothing remains of what it was posted on (its
 * page is gone, or its block and every block after it); `node` then keeps the block it was posted
 * on, as found at `revision`.
 */
export function currentTarget(ctx: RequestContext, place: CommentPlace, row: CommentRow) {
  const page = row.page_id;
  const gone = page !== null && !hasPage(ctx, row.space_id, place.content, page);
  const now = page !== null && row.node_id !== null && !gone
    ? resolveAnchor(ctx.docs.load(pageDoc(row.space_id, place.content, page)), row.anchor, row.node_id)
    : undefined;
  const node = now && 'node' in now ? now.node : row.node_id;
  const detached = gone || (now !== undefined && 'detached' in now);
  return {
    space: row.space_id,
    revision: row.revision,
    ...(row.change_request_id === null ? {} : { changeRequest: row.change_request_id }),
    ...(row.review_id === null ? {} : { review: row.review_id }),
    ...(page === null ? {} : { page: { id: page } }),
    ...(node === null ? {} : { node: { id: node } }),
    ...(row.table_cell === null ? {} : { tableCell: JSON.parse(row.table_cell) as TableCell }),
    ...(detached ? { detached: true } : {}),
  };
}

function hasPage(ctx: RequestContext, spaceId: string, branch: Branch, pageId: string): boolean {
  const key = branch.kind === 'main' ? 'main' : branch.changeRequestId;
  return projectedPage(ctx.db, spaceId, rowsBranch(ctx.db, spaceId, key), pageId) !== undefined;
}
