import type { OpenAPIErrorObject, OpenAPISpecProcessingErrorCode } from '../../../../src-shared/contract/openapi-specs.js';

export interface FetchPolicy {
  /** How long a fetch may take, from the request to the last byte. */
  timeoutMs: number;
  /** Off by default: only loopback addresses are fetched (docs/openapi-specs.md, "Fetching"). */
  allowRemoteHosts: boolean;
}

export type Fetched =
  | { ok: true; text: string; url: string }
  | { ok: false; code: OpenAPISpecProcessingErrorCode; errors: OpenAPIErrorObject[] };

/** A specification larger than this is refused rather than held in memory. */
export const MAX_SPEC_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTS = 5;

/** 127.0.0.0/8, ::1 and localhost: this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Why `url` may not be fetched under `policy`, or undefined when it may. */
export function refusedAddress(url: string, policy: Pick<FetchPolicy, 'allowRemoteHosts'>): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `only http and https addresses are fetched, not ${parsed.protocol}`;
  if (!policy.allowRemoteHosts && !isLoopbackHost(parsed.hostname)) {
    return `${parsed.hostname} is not a loopback address; this server fetches specifications from other hosts only when started with --allow-remote-openapi`;
  }
  return undefined;
}

/**
 * Fetches a specification's text. Redirects are followed by hand, so that every address on the
 * way passes `refusedAddress`. A timeout is `FETCH_TIMEOUT`; any other failure (refused address,
 * network error, non-2xx status, too large) is `FETCH_ERROR`.
 */
export async function fetchSource(url: string, policy: FetchPolicy, stop: AbortSignal): Promise<Fetched> {
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = AbortSignal.any([timeout, stop]);
  try {
    return await follow(url, policy, signal);
  } catch (error) {
    if (timeout.aborted) return failed('FETCH_TIMEOUT', `no complete answer from ${url} within ${policy.timeoutMs} ms`);
    return failed('FETCH_ERROR', `fetching ${url} failed: ${describe(error)}`);
  }
}

async function follow(url: string, policy: FetchPolicy, signal: AbortSignal): Promise<Fetched> {
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const refused = refusedAddress(current, policy);
    if (refused) return failed('FETCH_ERROR', `${current}: ${refused}`);
    const response = await fetch(current, { redirect: 'manual', signal, headers: { accept: 'application/json, application/yaml, text/yaml, */*' } });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      current = new URL(location, current).toString();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      return failed('FETCH_ERROR', `${current} answered ${response.status} ${response.statusText}`.trim());
    }
    const text = await readLimited(response, signal);
    if (text === undefined) return failed('FETCH_ERROR', `${current} is larger than ${MAX_SPEC_BYTES} bytes`);
    return { ok: true, text, url: current };
  }
  return failed('FETCH_ERROR', `more than ${MAX_REDIRECTS} redirects from ${url}`);
}

/** The body as text, or undefined past MAX_SPEC_BYTES. */
async function readLimited(response: Response, signal: AbortSignal): Promise<string | undefined> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    signal.throwIfAborted();
    size += read.value.byteLength;
    if (size > MAX_SPEC_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function failed(code: OpenAPISpecProcessingErrorCode, message: string): Fetched {
  return { ok: false, code, errors: [{ message, code }] };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
