import type { RequestContext } from '../../core/pipeline/context.js';
import type { Failure } from '../../core/pipeline/failure.js';
import { can as collectionCan, requireCollection } from '../collections/rules.js';
import type { ContentAccess, ContentRow } from '../content-tree/access.js';
import { can as spaceCan, requireSpace } from '../spaces/rules.js';

/** Reading grants takes what viewing the item takes; changing them takes admin on it. */
export type GrantNeed = 'list' | 'manage';

/** A kind of content that takes grants, addressed by the path parameters `P`. */
export interface GrantTarget<P> {
  noun: 'space' | 'collection';
  /** The column of `content_grants` that names this kind of content. */
  column: 'space_id' | 'collection_id';
  /** Loads the item `params` name and checks the caller's role on it (404, then 403). */
  require(ctx: RequestContext, params: P, need: GrantNeed): ContentAccess<ContentRow> | Failure;
}

export const spaceGrants: GrantTarget<{ spaceId: string }> = {
  noun: 'space',
  column: 'space_id',
  require: (ctx, params, need) => requireSpace(ctx, params.spaceId, need === 'list' ? spaceCan.view : spaceCan.admin),
};

export const collectionGrants: GrantTarget<{ collectionId: string }> = {
  noun: 'collection',
  column: 'collection_id',
  require: (ctx, params, need) =>
    requireCollection(ctx, params.collectionId, need === 'list' ? collectionCan.view : collectionCan.admin),
};
