import type { Transport } from './client.js';

/** The subset of `fetch` the client needs, so this file stays free of DOM and Node types. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; headers: { forEach(fn: (value: string, key: string) => void): void }; text(): Promise<string> }>;

export function httpTransport(origin: string, token: string | undefined, fetchImpl: FetchLike): Transport {
  return async ({ method, path, body }) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetchImpl(`${origin}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, key) => (responseHeaders[key] = value));
    return { status: response.status, headers: responseHeaders, body: text ? JSON.parse(text) : undefined };
  };
}
