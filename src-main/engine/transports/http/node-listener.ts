import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyLimit, unexpected, type Dispatcher, type Route } from '../../api/dispatcher.js';
import { failureResponse } from '../../core/pipeline/execute.js';
import { Failure, badRequest, notFound, unauthorized } from '../../core/pipeline/failure.js';
import { parseJsonBody } from '../../core/pipeline/json-body.js';
import { parseQuery, requestUrl } from '../../core/pipeline/query.js';
import type { ApiResponse } from '../../core/pipeline/request.js';
import type { BodyBudget } from './body-budget.js';
import { HOST_REFUSED, isAllowedHost } from './host-guard.js';
import { hasBody, leaveUnread, readBody } from './request-body.js';
import type { StaticFiles } from './static-files.js';

/**
 * The HTTP transport: node:http straight into the dispatcher, with no Request/Response
 * objects in between (they cost more than the whole engine on small reads; see docs).
 *
 * Nothing is read of a body before its operation is known and its caller authenticated from the
 * headers; then no more than the operation's limit is read, and its JSON shape is checked as it
 * arrives (docs/architecture.md, "Transport"). Whatever throws is a 500 in the error envelope.
 */
export function nodeListener(dispatcher: Dispatcher, port: () => number, budget: BodyBudget, files?: StaticFiles) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    try {
      handle(dispatcher, port(), budget, files, req, res);
    } catch (error) {
      answer(req, res, unexpected(error));
    }
  };
}

function handle(dispatcher: Dispatcher, port: number, budget: BodyBudget, files: StaticFiles | undefined, req: IncomingMessage, res: ServerResponse): void {
  if (!isAllowedHost(req.headers.host, port)) return answer(req, res, failureResponse(new Failure(403, HOST_REFUSED)));
  const url = requestUrl(req.url);
  if (!url) return answer(req, res, failureResponse(badRequest('The request target is not a URL')));
  const method = req.method ?? 'GET';
  const query = parseQuery(url.searchParams);
  const site = dispatcher.site({ method, pathname: url.pathname, query, cookie: req.headers.cookie });
  if (site) return answerLater(req, res, site);
  if (!url.pathname.startsWith('/v1/')) {
    const file = method === 'GET' || method === 'HEAD' ? files?.(url.pathname) : undefined;
    return file ? sendFile(req, res, file) : answer(req, res, failureResponse(notFound('Not found')));
  }
  const call = { method, pathname: url.pathname, query, authorization: req.headers.authorization, body: undefined };
  const download = dispatcher.download(call);
  if (download) return answerLater(req, res, download);
  const route = dispatcher.route(method, url.pathname);
  if (!route) return answer(req, res, failureResponse(notFound(`No operation at ${method} ${url.pathname}`)));
  const limit = bodyLimit(route);
  // An operation without a body runs at once; a body sent anyway is discarded, not read.
  if (limit === 0) return answerLater(req, res, dispatcher.run(route, call));
  const caller = dispatcher.caller(call.authorization);
  if (!caller) return answer(req, res, failureResponse(unauthorized()));
  if (!hasBody(req)) return answerLater(req, res, dispatcher.run(route, call));
  readBody(req, res, { limit, budget, client: caller.id }).then(
    (text) => {
      if (text instanceof Failure) return answer(req, res, failureResponse(text));
      answerLater(req, res, dispatcher.run(route as Route, { ...call, ...parseJsonBody(text.text, text.shape) }));
    },
    (error: unknown) => answer(req, res, unexpected(error)),
  );
}

/** Answers now; a body the request still carries is not read (`leaveUnread`). */
function answer(req: IncomingMessage, res: ServerResponse, response: ApiResponse): void {
  leaveUnread(req, res);
  send(res, response);
}

function answerLater(req: IncomingMessage, res: ServerResponse, response: ApiResponse | Promise<ApiResponse>): void {
  if (!(response instanceof Promise)) return answer(req, res, response);
  response.then(
    (value) => answer(req, res, value),
    (error: unknown) => answer(req, res, unexpected(error)),
  );
}

function send(res: ServerResponse, response: ApiResponse): void {
  if (res.headersSent || res.destroyed) return;
  try {
    if (response.body === undefined) {
      res.writeHead(response.status, response.headers).end();
      return;
    }
    // A file's bytes go out as they are, under the content type their handler gave.
    if (response.body instanceof Uint8Array) {
      res.writeHead(response.status, { ...response.headers, 'content-length': response.body.length }).end(response.body);
      return;
    }
    const body = Buffer.from(JSON.stringify(response.body));
    res
      .writeHead(response.status, { ...response.headers, 'content-type': 'application/json', 'content-length': body.length })
      .end(body);
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"code":500,"message":"Internal error"}}');
  }
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: NonNullable<ReturnType<StaticFiles>>): void {
  leaveUnread(req, res);
  res.writeHead(file.status, { ...file.headers, 'content-length': file.body.length }).end(file.body);
}
