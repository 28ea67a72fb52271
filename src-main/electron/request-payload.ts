import type { HttpMethod } from '../../src-shared/contract/operation.js';

export interface ApiCall {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

export type PayloadCheck = { ok: true; call: ApiCall } | { ok: false; problem: string };

const METHODS: ReadonlySet<string> = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const FIELDS: ReadonlySet<string> = new Set(['method', 'path', 'body']);
const MAX_DEPTH = 64;
const BASE = 'http://folio.invalid';

/**
 * What the renderer may ask of the engine: `{method, path, body?}` in plain JSON and nothing
 * else, so it can neither pick headers (the token is added here) nor reach outside /v1/.
 */
export function checkPayload(payload: unknown): PayloadCheck {
  if (!isPlainObject(payload)) return refuse('the request must be a plain object');
  const unexpected = Object.keys(payload).find((key) => !FIELDS.has(key));
  if (unexpected !== undefined) return refuse(`unexpected field "${unexpected}"`);
  const { method, path, body } = payload;
  if (typeof method !== 'string' || !METHODS.has(method)) return refuse('method must be GET, POST, PUT, PATCH or DELETE');
  const target = apiPath(path);
  if (target === undefined) return refuse('path must start with /v1/');
  if (body !== undefined && !isPlainJson(body, 0)) return refuse('body must be plain JSON');
  return { ok: true, call: { method: method as HttpMethod, path: target, body } };
}

// The URL parser resolves dot segments and backslashes: check the path the engine will see.
function apiPath(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/v1/')) return undefined;
  const url = new URL(path, BASE);
  if (url.origin !== BASE || !url.pathname.startsWith('/v1/')) return undefined;
  return `${url.pathname}${url.search}`;
}

function refuse(problem: string): PayloadCheck {
  return { ok: false, problem: `Bad IPC request: ${problem}` };
}

// Structured clone carries Dates, Maps, typed arrays… which JSON would silently mangle.
function isPlainJson(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => isPlainJson(item, depth + 1));
  // An undefined property is what JSON.stringify drops, as over HTTP.
  return isPlainObject(value) && Object.values(value).every((item) => item === undefined || isPlainJson(item, depth + 1));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
