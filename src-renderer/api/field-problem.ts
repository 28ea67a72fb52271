import type { Outcome } from './call.js';

/**
 * A refusal the engine pinned on one field of the body (`body.url: No hub answers at …`) said as
 * the engine said it, beside that field; anything else as the problem in words.
 */
export function fieldProblem<F extends string>(outcome: Extract<Outcome<unknown>, { ok: false }>, fields: readonly F[]): { field?: F; text: string } {
  const match = outcome.status === 400 ? /^body\.(\w+): (.+)$/s.exec(outcome.detail ?? '') : null;
  const field = fields.find((candidate) => candidate === match?.[1]);
  return field && match ? { field, text: match[2]! } : { text: outcome.problem };
}
