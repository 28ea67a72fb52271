import type { users } from '../../../../src-shared/contract/users.js';
import type { Handlers } from '../../pipeline/index.js';
import { findUser, toUser } from './sql.js';

export const usersHandlers: Handlers<typeof users> = {
  getAuthenticatedUser(ctx) {
    return toUser(ctx, findUser(ctx.db, ctx.actor.id)!);
  },
};
