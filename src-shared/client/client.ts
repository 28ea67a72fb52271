import type { ApiContract, OperationId } from '../contract/index.js';
import { contract } from '../contract/index.js';
import type { OperationRequest, OperationResponse } from '../contract/operation.js';

export interface TransportRequest {
  method: string;
  path: string;
  body?: unknown;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** How requests travel: HTTP with a bearer token, or Electron IPC. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export interface ApiErrorBody {
  code: number;
  message: string;
}

export type ApiResult<K extends OperationId> =
  | { ok: true; status: number; headers: Record<string, string>; data: OperationResponse<ApiContract[K]> }
  | { ok: false; status: number; headers: Record<string, string>; error: ApiErrorBody };

/** The typed client, derived from the contract: one `call` for every operation. */
export class ApiClient {
  constructor(private readonly transport: Transport) {}

  async call<K extends OperationId>(id: K, request: OperationRequest<ApiContract[K]>): Promise<ApiResult<K>> {
    const op = contract[id];
    const response = await this.transport({
      method: op.method,
      path: buildPath(op.path, request.params as Record<string, string> | undefined, request.query as QueryValues),
      body: request.body,
    });
    if (response.status >= 400) {
      const error = (response.body as { error?: ApiErrorBody } | undefined)?.error;
      return { ok: false, status: response.status, headers: response.headers, error: error ?? { code: response.status, message: '' } };
    }
    return { ok: true, status: response.status, headers: response.headers, data: response.body as OperationResponse<ApiContract[K]> };
  }
}

type QueryValues = Record<string, string | number | boolean | string[] | undefined> | undefined;

export function buildPath(template: string, params: Record<string, string> | undefined, query: QueryValues): string {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
  const search: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      search.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
    }
  }
  return search.length ? `${path}?${search.join('&')}` : path;
}
