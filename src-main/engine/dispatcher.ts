import { contract } from '../../src-shared/contract/index.js';
import { sync } from '../../src-shared/contract/sync.js';
import type { OperationDef } from '../../src-shared/contract/operation.js';
import { openApiDocument } from '../../src-shared/openapi/document.js';
import { handlers } from './api/index.js';
import { pdfDownload } from './api/pdf/download.js';
import { checkHubThenSave } from './api/sync/check.js';
import { OperationRouter } from './http/router.js';
import { servePublishedSite, type SiteRequest } from './publishing/site-requests.js';
import { BoundOperation, failureResponse, type PipelineDeps } from './pipeline/execute.js';
import { Failure } from './pipeline/failure.js';
import type { Handler } from './pipeline/handler.js';
import type { ApiRequest, ApiResponse } from './pipeline/request.js';

/** A request as a transport received it, before routing. */
export interface IncomingCall {
  method: string;
  /** Path without the query string. */
  pathname: string;
  query: Record<string, string[]>;
  authorization?: string;
  body: ApiRequest['body'];
  bodyError?: string;
}

/** Sees every answer the dispatcher gives, with the operation that gave it (tests check them against the reference). */
export type AnswerObserver = (call: IncomingCall, operation: OperationDef | undefined, response: ApiResponse) => void;

/**
 * Routes a call to its operation and runs it. HTTP and IPC both end here, so they cannot
 * answer differently; each transport only translates its own framing.
 */
export class Dispatcher {
  private readonly router: OperationRouter;
  private openapi: unknown;

  constructor(
    private readonly deps: PipelineDeps,
    private readonly observe?: AnswerObserver,
  ) {
    this.router = new OperationRouter(
      Object.entries(contract).map(
        ([id, op]) => new BoundOperation(op as OperationDef, handlers[id as keyof typeof handlers] as Handler<OperationDef>),
      ),
    );
  }

  /**
   * A signed download (a PDF's `url`): it needs no bearer token and is answered asynchronously,
   * its bytes as they are. Undefined for every other call.
   */
  download(call: IncomingCall): Promise<ApiResponse> | undefined {
    return call.method === 'GET' ? pdfDownload(this.deps, call.pathname) : undefined;
  }

  /** A published site's page or file (`/sites/…`), for visitors, who hold no token. Undefined for other paths. */
  site(request: SiteRequest): Promise<ApiResponse> | undefined {
    return servePublishedSite(this.deps, request);
  }

  /**
   * An operation that must reach something outside before its transaction runs (the hub check
   * of `PUT /v1/sync/settings`), answered asynchronously. Undefined for every other call.
   */
  checked(call: IncomingCall): Promise<ApiResponse> | undefined {
    const { method, path } = sync.updateSyncSettings;
    if (call.method !== method || call.pathname !== path) return undefined;
    return checkHubThenSave(this.deps, call, () => this.dispatch(call));
  }

  /** A promise only when the operation's work continues off the event loop (pipeline/execute.ts). */
  dispatch(call: IncomingCall): ApiResponse | Promise<ApiResponse> {
    const { operation, response } = this.answer(call);
    const observe = this.observe;
    if (!observe) return response;
    if (response instanceof Promise) {
      return response.then((answer) => {
        observe(call, operation, answer);
        return answer;
      });
    }
    observe(call, operation, response);
    return response;
  }

  private answer(call: IncomingCall): { operation?: OperationDef; response: ApiResponse | Promise<ApiResponse> } {
    if (call.method === 'GET' && call.pathname === '/v1/openapi.json') {
      this.openapi ??= openApiDocument(contract, { title: 'Folio API', version: '1' });
      return { response: { status: 200, headers: {}, body: this.openapi } };
    }
    const route = this.router.match(call.method, call.pathname);
    if (!route) return { response: failureResponse(new Failure(404, `No operation at ${call.method} ${call.pathname}`)) };
    const operation = route.operation.op;
    try {
      const response = route.operation.execute(this.deps, {
        params: route.params,
        query: call.query,
        body: call.body,
        bodyError: call.bodyError,
        authorization: call.authorization,
      });
      return { operation, response: response instanceof Promise ? response.catch(internalError) : response };
    } catch (error) {
      return { operation, response: internalError(error) };
    }
  }
}

/** The transaction has rolled back (or long work failed); the caller learns nothing of the internals. */
function internalError(error: unknown): ApiResponse {
  console.error(error);
  return failureResponse(new Failure(500, 'Internal error'));
}

/** Parses a JSON body the way every transport must: empty is absent, bad JSON is named. */
export function parseBody(text: string): Pick<IncomingCall, 'body' | 'bodyError'> {
  if (text.trim() === '') return { body: undefined };
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { body: undefined, bodyError: 'not valid JSON' };
  }
}

export function parseQuery(search: URLSearchParams): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  for (const [key, value] of search) (query[key] ??= []).push(value);
  return query;
}
