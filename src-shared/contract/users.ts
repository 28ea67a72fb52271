import { User } from './common.js';
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
};
