import { contract } from '../../../src-shared/contract/index.js';
import { DEFAULT_MAX_BODY_BYTES } from '../../../src-shared/contract/limits.js';
import { sync } from '../../../src-shared/contract/sync.js';
import type { OperationDef } from '../../../src-shared/contract/operation.js';
import { openApiDocument } from '../../../src-shared/openapi/document.js';
import { handlers } from './index.js';
import { pdfDownload } from './pdf/download.js';
import { checkHubThenSave } from './sync/check.js';
import { OperationRouter, type RouteMatch } from './router.js';
import { servePublishedSite, type SiteRequest } from '../services/publishing/site-requests.js';
import type { Actor } from '../core/pipeline/context.js';
import { BoundOperation, failureResponse, knownCaller, type PipelineDeps } from '../core/pipeline/execute.js';
import { internalError, notFound, TryAgainLater, unavailable, type Failure } from '../core/pipeline/failure.js';
import type { Handler } from '../core/pipeline/handler.js';
import type { ApiRequest, ApiResponse } from '../core/pipeline/request.js';

/** A request as a transport received it, before routing. */
export interface IncomingCall {
  method: string;
  /** Path without the query string. */
  pathname: string;
  query: Record<string, string[]>;
  authorization?: string;
  body: ApiRequest['body'];
  bodyText?: string;
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

  /** The operation at a method and path (the API's description too), or undefined. */
  route(method: string, pathname: string): Route | undefined {
    if (method === 'GET' && pathname === '/v1/openapi.json') return 'openapi';
    return this.router.match(method, pathname);
  }

  /** The caller a bearer token names; transports ask before they read a body. */
  caller(authorization: string | undefined): Actor | undefined {
    return knownCaller(this.deps, authorization);
  }

  dispatch(call: IncomingCall): ApiResponse | Promise<ApiResponse> {
    const route = this.route(call.method, call.pathname);
    if (route) return this.run(route, call);
    const response = failureResponse(notFound(`No operation at ${call.method} ${call.pathname}`));
    this.observe?.(call, undefined, response);
    return response;
  }

  /** Runs a routed call; an exception is a 500 (logged), never a crash nor internals on the wire. */
  run(route: Route, call: IncomingCall): ApiResponse | Promise<ApiResponse> {
    const answer = this.answer(route, call);
    const observe = this.observe;
    if (!observe) return answer;
    const operation = route === 'openapi' ? undefined : route.operation.op;
    const seen = (response: ApiResponse) => {
      observe(call, operation, response);
      return response;
    };
    return answer instanceof Promise ? answer.then(seen) : seen(answer);
  }

  private answer(route: Route, call: IncomingCall): ApiResponse | Promise<ApiResponse> {
    if (route === 'openapi') {
      this.openapi ??= openApiDocument(contract, { title: 'Folio API', version: '1' });
      return { status: 200, headers: {}, body: this.openapi };
    }
    // `PUT /v1/sync/settings` reaches the hub before its transaction runs (api/sync/check.ts).
    if (route.operation.op === sync.updateSyncSettings) return checkHubThenSave(this.deps, call, () => this.execute(route, call)).catch(unexpected);
    return this.execute(route, call);
  }

  private execute(route: RouteMatch, call: IncomingCall): ApiResponse | Promise<ApiResponse> {
    try {
      const answer = route.operation.execute(this.deps, {
        params: route.params,
        query: call.query,
        body: call.body,
        bodyText: call.bodyText,
        bodyError: call.bodyError,
        authorization: call.authorization,
      });
      return answer instanceof Promise ? answer.catch(unexpected) : answer;
    } catch (error) {
      // The transaction has rolled back; the caller learns nothing of the internals.
      return unexpected(error);
    }
  }
}

/**
 * An exception nobody expected: logged here; on the wire, a bare 500. One from something the
 * engine depends on being away (`TryAgainLater`) is a 503 instead, which says nothing was written
 * and names no address of it.
 */
export function unexpectedFailure(error: unknown): Failure {
  if (error instanceof TryAgainLater) {
    console.error('folio: a request met something this engine depends on away:', error.message);
    return unavailable('Something this hub depends on did not answer, and nothing was written: try again in a moment');
  }
  console.error('folio: unexpected error while answering a request:', error);
  return internalError();
}

export const unexpected = (error: unknown): ApiResponse => failureResponse(unexpectedFailure(error));

/** An operation with its path parameters, or `GET /v1/openapi.json`, which the dispatcher serves itself, to anyone. */
export type Route = RouteMatch | 'openapi';

/** The most a route's body may hold, in bytes: its operation's limit, or the default; 0 when it takes none. */
export function bodyLimit(route: Route): number {
  if (route === 'openapi' || !route.operation.op.body) return 0;
  return route.operation.op.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
}
