import { z } from 'zod';
import { EntityId, User } from './common.js';
import { defineOperation } from './operation.js';

export const users = {
  getAuthenticatedUser: defineOperation({
    id: 'getAuthenticatedUser',
    method: 'GET',
    path: '/v1/user',
    summary: 'Get the authenticated user',
    success: 200,
    response: User,
  }),
  getUserById: defineOperation({
    id: 'getUserById',
    method: 'GET',
    path: '/v1/users/{userId}',
    summary: 'Get a user who shares an organization with the caller (where `urls.location` of users points)',
    params: z.object({ userId: EntityId }),
    success: 200,
    response: User,
  }),
};
