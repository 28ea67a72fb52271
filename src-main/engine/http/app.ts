import { Hono, type Context } from 'hono';
import type { OperationDef } from '../../../src-shared/contract/operation.js';
import type { BoundOperation } from '../pipeline/execute.js';
import { Failure, failureResponse } from '../pipeline/index.js';
import type { ApiRequest, ApiResponse } from '../pipeline/request.js';
import { isAllowedHost } from './host-guard.js';

export interface AppDeps {
  operations: BoundOperation[];
  execute(operation: BoundOperation, request: ApiRequest): ApiResponse;
  openapi(): unknown;
  /** The port the engine is reachable on; the Host header must name it. */
  port(): number;
  /** Serves the renderer's files, if built. */
  serveStatic?: (path: string) => Response | undefined;
}

/** The route table, built from the contract. Serving and in-process calls both use `app.fetch`. */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();

  app.use(async (c, next) => {
    if (!isAllowedHost(c.req.header('host'), deps.port())) {
      return send(c, failureResponse(new Failure(403, 'Host not allowed: use the loopback address')));
    }
    await next();
  });

  app.get('/v1/openapi.json', (c) => c.json(deps.openapi()));

  for (const operation of deps.operations) {
    app.on(operation.op.method, honoPath(operation.op), async (c) =>
      send(c, deps.execute(operation, await readRequest(c))),
    );
  }

  app.all('/v1/*', (c) => send(c, failureResponse(new Failure(404, `No operation at ${c.req.method} ${c.req.path}`))));
  if (deps.serveStatic) {
    const serveStatic = deps.serveStatic;
    app.get('*', (c) => serveStatic(c.req.path) ?? c.notFound());
  }
  app.notFound((c) => send(c, failureResponse(new Failure(404, 'Not found'))));
  app.onError((error, c) => {
    console.error(error);
    return send(c, failureResponse(new Failure(500, 'Internal error')));
  });
  return app;
}

function honoPath(op: OperationDef): string {
  return op.path.replace(/\{(\w+)\}/g, ':$1');
}

async function readRequest(c: Context): Promise<ApiRequest> {
  const request: ApiRequest = {
    params: c.req.param() as Record<string, string>,
    query: c.req.queries() ?? {},
    body: undefined,
    authorization: c.req.header('authorization'),
  };
  if (c.req.method === 'GET' || c.req.method === 'DELETE') return request;
  const text = await c.req.text();
  if (text.trim() === '') return request;
  try {
    request.body = JSON.parse(text);
  } catch {
    request.bodyError = 'not valid JSON';
  }
  return request;
}

function send(c: Context, response: ApiResponse): Response {
  for (const [name, value] of Object.entries(response.headers)) c.header(name, value);
  if (response.body === undefined) return c.body(null, response.status as 204);
  return c.json(response.body, response.status as 200);
}
