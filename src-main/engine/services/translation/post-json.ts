import { translatorError, unavailable, type TranslatorFailure } from './translator.js';

export type PostAnswer = { ok: true; body: unknown } | TranslatorFailure;

/**
 * POSTs JSON to a translation service and reads its JSON answer. An outage (no connection, a
 * 5xx, no answer within `timeoutMs`) is `TRANSLATOR_UNAVAILABLE`; a refusal (4xx) or an answer
 * that is not JSON is `TRANSLATOR_ERROR`. Each message names the service and what happened.
 */
export async function postJson(
  name: string,
  url: string,
  body: unknown,
  options: { timeoutMs: number; signal: AbortSignal; headers?: Record<string, string> },
): Promise<PostAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
      body: JSON.stringify(body),
      signal: AbortSignal.any([timeout, options.signal]),
    });
  } catch (error) {
    if (timeout.aborted) return unavailable(`${name} did not answer within ${options.timeoutMs} ms`);
    return unavailable(`${name} cannot be reached: ${reason(error)}`);
  }
  const text = await readText(response, timeout);
  if (text === undefined) return unavailable(`${name} did not finish its answer within ${options.timeoutMs} ms`);
  if (response.status >= 500) return unavailable(`${name} answered ${response.status}: ${excerpt(text)}`);
  if (!response.ok) return translatorError(`${name} refused the request with ${response.status}: ${excerpt(text)}`);
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return translatorError(`${name} answered with something that is not JSON: ${excerpt(text)}`);
  }
}

async function readText(response: Response, timeout: AbortSignal): Promise<string | undefined> {
  try {
    return await response.text();
  } catch (error) {
    if (timeout.aborted) return undefined;
    throw error;
  }
}

/** fetch's own message is "fetch failed"; the cause says what (ECONNREFUSED, …). */
function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

const excerpt = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text || '(empty)');
