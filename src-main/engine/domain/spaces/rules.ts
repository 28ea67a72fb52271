import type { z } from 'zod';
import type { Role } from '../../../../src-shared/contract/common.js';
import type { SpaceEditMode, SpacePermissions } from '../../../../src-shared/contract/spaces.js';
import { roleAtLeast } from '../../../../src-shared/roles.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import type { Failure } from '../../core/pipeline/failure.js';
import { requireContent, type ContentAccess, type ContentCheck } from '../content-tree/access.js';
import { findSpace, type SpaceRow } from './sql.js';

/** What a role on a space allows; the engine's checks call these same predicates. */
export const can = {
  view: (role: Role | undefined) => roleAtLeast(role, 'read'),
  comment: (role: Role | undefined) => roleAtLeast(role, 'comment'),
  edit: (role: Role | undefined) => roleAtLeast(role, 'edit'),
  review: (role: Role | undefined) => roleAtLeast(role, 'review'),
  admin: (role: Role | undefined) => role === 'admin',
};

/** A locked space takes no edits, so nobody may edit it or merge into it, whatever their role. */
export function spacePermissions(role: Role | undefined, editMode: SpaceEditMode): z.infer<typeof SpacePermissions> {
  const open = editMode === 'live';
  return {
    view: can.view(role),
    access: can.view(role),
    admin: can.admin(role),
    viewInviteLinks: can.admin(role),
    edit: open && can.edit(role),
    triggerGitSync: can.edit(role),
    comment: can.comment(role),
    merge: open && can.review(role),
    review: can.review(role),
    installIntegration: can.admin(role),
  };
}

/**
 * Loads a space and checks the caller's role on it (404, then 403). A space in the trash can
 * only be read and restored: other operations call it missing unless `trash` is `readable`.
 */
export function requireSpace(
  ctx: RequestContext,
  spaceId: string,
  allowed: ContentCheck,
  trash: 'readable' | 'missing' = 'missing',
): ContentAccess<SpaceRow> | Failure {
  const space = findSpace(ctx.db, spaceId, ctx.now);
  const found = space && (space.deleted_at === null || trash === 'readable') ? space : undefined;
  return requireContent(ctx, found, 'No matching Space found for given ID', allowed);
}
