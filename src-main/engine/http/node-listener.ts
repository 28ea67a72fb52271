import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseBody, parseQuery, type Dispatcher, type IncomingCall } from '../dispatcher.js';
import { failureResponse } from '../pipeline/execute.js';
import { Failure } from '../pipeline/failure.js';
import type { ApiResponse } from '../pipeline/request.js';
import { HOST_REFUSED, isAllowedHost } from './host-guard.js';
import type { StaticFiles } from './static-files.js';

const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * The HTTP transport: node:http straight into the dispatcher, with no Request/Response
 * objects in between (they cost more than the whole engine on small reads; see docs).
 */
export function nodeListener(dispatcher: Dispatcher, port: () => number, files?: StaticFiles) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!isAllowedHost(req.headers.host, port())) {
      send(res, failureResponse(new Failure(403, HOST_REFUSED)));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const site = dispatcher.site({ method: req.method ?? 'GET', pathname: url.pathname, query: parseQuery(url.searchParams), cookie: req.headers.cookie });
    if (site) {
      req.resume();
      sendLater(res, site);
      return;
    }
    if (!url.pathname.startsWith('/v1/')) {
      sendFile(res, req.method === 'GET' || req.method === 'HEAD' ? files?.(url.pathname) : undefined);
      return;
    }
    const base = { method: req.method ?? 'GET', pathname: url.pathname, query: parseQuery(url.searchParams), authorization: req.headers.authorization };
    const download = dispatcher.download({ ...base, body: undefined });
    if (download) {
      req.resume();
      sendLater(res, download);
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'DELETE') {
      req.resume();
      answer(res, dispatcher, { ...base, body: undefined });
      return;
    }
    readBody(req, (text) => {
      if (text === undefined) send(res, failureResponse(new Failure(400, 'body: larger than 64 MiB')));
      else answer(res, dispatcher, { ...base, ...parseBody(text) });
    });
  };
}

/**
 * Most calls answer at once; one that must check something outside first (the hub check of sync
 * settings), or whose work continues off the event loop, answers when it has.
 */
function answer(res: ServerResponse, dispatcher: Dispatcher, call: IncomingCall): void {
  const response = dispatcher.checked(call) ?? dispatcher.dispatch(call);
  if (response instanceof Promise) sendLater(res, response);
  else send(res, response);
}

function sendLater(res: ServerResponse, response: Promise<ApiResponse>): void {
  response.then(
    (answer) => send(res, answer),
    (error: unknown) => {
      console.error(error);
      send(res, failureResponse(new Failure(500, 'Internal error')));
    },
  );
}

function readBody(req: IncomingMessage, done: (text: string | undefined) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  req.on('end', () => done(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
}

function send(res: ServerResponse, response: ApiResponse): void {
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

function sendFile(res: ServerResponse, file: ReturnType<StaticFiles> | undefined): void {
  if (!file) {
    send(res, failureResponse(new Failure(404, 'Not found')));
    return;
  }
  res.writeHead(file.status, { ...file.headers, 'content-length': file.body.length }).end(file.body);
}
