import { orgs } from './orgs.js';
import { users } from './users.js';

/**
 * The whole API, area by area as in the spec documents. Adding an area here makes the engine
 * demand its handlers, the client offer its calls, and the OpenAPI document describe it.
 */
export const areas = {
  users,
  orgs,
} as const;

export const contract = { ...users, ...orgs } as const;

export type ApiContract = typeof contract;
export type OperationId = keyof ApiContract;
