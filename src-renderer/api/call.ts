import type { ApiClient } from '../../src-shared/client/client.js';
import type { ApiContract, OperationId } from '../../src-shared/contract/index.js';
import type { OperationRequest } from '../../src-shared/contract/operation.js';
import { describeApiError, describeUnreachable } from './problems.js';
import type { Answer } from './types.js';

/**
 * An operation's answer, or why there is none, in words a person can act on; `detail` is the
 * engine's own message, for a form that shows it beside the field it names (`body.url: …`).
 */
export type Outcome<T> = { ok: true; data: T } | { ok: false; problem: string; status?: number; detail?: string };

export async function attempt<K extends OperationId>(
  client: ApiClient,
  id: K,
  request: OperationRequest<ApiContract[K]>,
): Promise<Outcome<Answer<K>>> {
  try {
    const result = await client.call(id, request);
    if (result.ok) return { ok: true, data: result.data };
    return { ok: false, problem: describeApiError(result.status, result.error), status: result.status, detail: result.error.message };
  } catch (error) {
    return { ok: false, problem: describeUnreachable(error) };
  }
}
