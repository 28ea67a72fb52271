import type { z } from 'zod';
import type { Role } from '../../../../src-shared/contract/common.js';
import type { CollectionPermissions } from '../../../../src-shared/contract/collections.js';
import { roleAtLeast } from '../../../../src-shared/roles.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import type { Failure } from '../../core/pipeline/failure.js';
import { requireContent, type ContentAccess, type ContentCheck } from '../content-tree/access.js';
import { findCollection, type CollectionRow } from './sql.js';

/** What a role on a collection allows; the engine's checks call these same predicates. */
export const can = {
  view: (role: Role | undefined) => role !== undefined,
  create: (role: Role | undefined) => roleAtLeast(role, 'create'),
  admin: (role: Role | undefined) => role === 'admin',
};

export function collectionPermissions(role: Role | undefined): z.infer<typeof CollectionPermissions> {
  return { view: can.view(role), admin: can.admin(role), viewInviteLinks: can.admin(role), create: can.create(role) };
}

export function requireCollection(
  ctx: RequestContext,
  collectionId: string,
  allowed: ContentCheck,
): ContentAccess<CollectionRow> | Failure {
  const collection = findCollection(ctx.db, collectionId);
  return requireContent(ctx, collection, 'No matching Collection found for given ID', allowed);
}
