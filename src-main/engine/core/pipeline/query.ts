/**
 * A query string's parameters by name, each with every value given. The record has no
 * prototype: a parameter may be named `constructor` or `__proto__` like any other.
 */
export function parseQuery(search: URLSearchParams): Record<string, string[]> {
  const query: Record<string, string[]> = Object.create(null);
  for (const [key, value] of search) (query[key] ??= []).push(value);
  return query;
}

/** The URL of a request target, or undefined when it is none (`http://[`). */
export function requestUrl(target: string | undefined): URL | undefined {
  return URL.parse(target ?? '/', 'http://127.0.0.1') ?? undefined;
}
