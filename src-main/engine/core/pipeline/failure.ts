import type { z } from 'zod';
import type { ErrorBody } from '../../../../src-shared/contract/common.js';

/** Statuses of refusals: the API's own, and the transport's (timeouts, sizes, capacity). */
export type FailureStatus = 400 | 401 | 403 | 404 | 408 | 409 | 412 | 413 | 431 | 500 | 503;

/** A failed request, as a value. Handlers return it; the pipeline rolls back and answers it. */
export class Failure {
  constructor(
    readonly status: FailureStatus,
    readonly message: string,
  ) {}
}

export const badRequest = (message: string) => new Failure(400, message);
export const unauthorized = (message = 'A valid bearer token is required') => new Failure(401, message);
export const forbidden = (message = 'Your role does not allow this') => new Failure(403, message);
export const notFound = (message: string) => new Failure(404, message);
export const conflict = (message: string) => new Failure(409, message);
export const preconditionFailed = (message: string) => new Failure(412, message);
export const tooLarge = (message: string) => new Failure(413, message);
export const internalError = () => new Failure(500, 'Internal error');
/** Something the server needs is away for now (a hub process's database): retry later, or elsewhere. */
export const unavailable = (message: string) => new Failure(503, message);

/**
 * Something the engine depends on is away for now (a hub's PostgreSQL, its bucket): nothing was
 * written. A request answers 503 (`unexpectedFailure`); a sync connection closes with 1013 (try
 * again later) and the replica resends from its outbox on the next one.
 */
export class TryAgainLater extends Error {}

/** The error envelope every refusal is answered with, on every transport (the contract's `ErrorBody`). */
export function errorBody(failure: Failure): z.input<typeof ErrorBody> {
  return { error: { code: failure.status, message: failure.message } };
}

export function isFailure(value: unknown): value is Failure {
  return value instanceof Failure;
}
