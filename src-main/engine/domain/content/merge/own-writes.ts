import type { DocResult } from '../../../core/docs/store.js';

/** Our own updates always decode and our forks exist: a refusal here is a bug, not a request to refuse. */
export function ownWrite<T>(result: DocResult<T>): T {
  if (!result.ok) throw new Error(result.problem.message);
  return result;
}
