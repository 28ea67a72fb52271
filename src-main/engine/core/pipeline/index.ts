export { Failure, badRequest, conflict, forbidden, isFailure, notFound, preconditionFailed, unauthorized } from './failure.js';
export { failureResponse } from './execute.js';
export { Reply } from './reply.js';
export { Later, LaterWrite } from './later.js';
export type { RequestContext, Actor } from './context.js';
export type { Handler, Handlers } from './handler.js';
