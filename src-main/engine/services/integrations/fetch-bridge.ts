/** What a script's `fetch` asks for: strings only, as the worker sends them. */
export interface BridgedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export interface BridgedResponse {
  url: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

export const MAX_FETCHED_BYTES = 5 * 1024 * 1024;

function parseRequest(value: unknown): BridgedRequest {
  const request = value as Partial<BridgedRequest> | null;
  if (!request || typeof request.url !== 'string' || typeof request.method !== 'string') throw new Error('fetch needs a URL');
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([name, v]) => [String(name), String(v)]));
  return { url: request.url, method: request.method, headers, ...(typeof request.body === 'string' ? { body: request.body } : {}) };
}

/**
 * Performs a script's fetch in the engine, when `allowedOrigins` holds its origin: a script reaches
 * only what its integration's scopes and development tunnel allow (docs/integrations.md,
 * "Network"). Redirects are answered, not followed, so that a redirect cannot lead elsewhere.
 */
export async function bridgedFetch(value: unknown, allowedOrigins: ReadonlySet<string>, signal: AbortSignal): Promise<BridgedResponse> {
  const request = parseRequest(value);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new Error(`fetch refused: ${request.url} is not an absolute URL`);
  }
  if (!allowedOrigins.has(url.origin)) {
    throw new Error(`fetch refused: ${url.origin} is not allowed by the integration's scopes or development tunnel`);
  }
  const response = await fetch(url, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual', signal });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_FETCHED_BYTES) throw new Error(`fetch refused: the answer of ${url.origin} is larger than ${MAX_FETCHED_BYTES} bytes`);
  return {
    url: url.href,
    status: response.status,
    statusText: response.statusText,
    headers: Object.fromEntries([...response.headers].map(([name, v]) => [name.toLowerCase(), v])),
    body: bytes.toString('utf8'),
  };
}
