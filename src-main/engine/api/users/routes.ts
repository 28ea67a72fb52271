import type { users } from '../../../../src-shared/contract/users.js';
import { notFound, type Handlers } from '../../core/pipeline/index.js';
import { findUser, sharesAnOrganization, toUser } from '../../domain/users/sql.js';

export const usersHandlers: Handlers<typeof users> = {
  getAuthenticatedUser(ctx) {
    return toUser(ctx, findUser(ctx.db, ctx.actor.id)!);
  },

  getUserById(ctx, { params }) {
    const user = findUser(ctx.db, params.userId);
    // People outside the caller's organizations are not shown, not even as existing.
    if (!user || !sharesAnOrganization(ctx.db, ctx.actor.id, user.id)) return notFound('No matching user found for given id');
    return toUser(ctx, user);
  },
};
