import type { ApiErrorBody } from '../../src-shared/client/client.js';

const STATUS_WORDS: Record<number, string> = {
  400: 'The request was not valid',
  401: 'The access token was not accepted',
  403: 'Your role does not allow this',
  404: 'Not found',
  409: 'This conflicts with a change made meanwhile',
  412: 'A precondition was not met',
};

/**
 * An API error in words a person can act on, keeping the engine's own explanation. An explanation
 * that already says what the status does (the engine's default 403 is "Your role does not allow
 * this") is said once.
 */
export function describeApiError(status: number, error: ApiErrorBody): string {
  const words = STATUS_WORDS[status] ?? (status >= 500 ? 'The Folio engine failed' : `The request failed (${status})`);
  if (!error.message) return words;
  return error.message.toLowerCase().startsWith(words.toLowerCase()) ? error.message : `${words}: ${error.message}`;
}

/** A request that got no answer at all. */
export function describeUnreachable(error: unknown): string {
  const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
  return `Could not reach the Folio engine${detail}`;
}
