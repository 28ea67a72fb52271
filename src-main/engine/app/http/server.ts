import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { unexpectedFailure } from '../../api/dispatcher.js';
import type { Engine } from '../engine.js';
import { Failure } from '../../core/pipeline/failure.js';
import { BodyBudget } from '../../transports/http/body-budget.js';
import { nodeListener } from '../../transports/http/node-listener.js';
import { answerOnSocket } from '../../transports/http/socket-answers.js';

export interface RunningServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** What the transport lets through (docs/architecture.md, "Transport"). */
export interface TransportLimits {
  /** Open connections from one address (WebSockets included); on loopback every client shares one. */
  connectionsPerAddress: number;
  /** Open connections in all. */
  connections: number;
  /** Bytes of request bodies one caller may have in flight, and all callers together. */
  bodyBytesPerClient: number;
  bodyBytes: number;
  /** Time for a request's headers to arrive, and for the whole request. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

export const DEFAULT_TRANSPORT_LIMITS: TransportLimits = {
  connectionsPerAddress: 256,
  connections: 1024,
  bodyBytesPerClient: 64 * 1024 * 1024,
  bodyBytes: 256 * 1024 * 1024,
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 120_000,
};

/**
 * How long an idle connection stays open. A client that reuses one as the server closes it gets
 * "other side closed" for a request that never arrived: undici (Node's fetch, and so the official
 * client in users' scripts) keeps a connection one second less than the `Keep-Alive: timeout=`
 * the server announces, so with Node's 5 s a stall of a second in the client's loop lost requests
 * (seen in the suite at load 12, client and engine in one process). At 65 s the race needs a
 * connection left idle a minute; idle connections cost the engine nothing but a socket.
 */
const KEEP_ALIVE_MS = 65_000;

/** Serves the engine on 127.0.0.1 only. Port 0 picks a free port. */
export function listen(engine: Engine, port: number, limits: Partial<TransportLimits> = {}): Promise<RunningServer> {
  const settings = { ...DEFAULT_TRANSPORT_LIMITS, ...limits };
  const server = createServer({
    keepAliveTimeout: KEEP_ALIVE_MS,
    headersTimeout: settings.headersTimeoutMs,
    requestTimeout: settings.requestTimeoutMs,
    // Timeouts are checked this often; Node's default (30 s) would let a short timeout run long.
    connectionsCheckingInterval: Math.min(1_000, settings.headersTimeoutMs),
  });
  const refused = capConnections(server, settings);
  const listener = nodeListener(engine.dispatcher, () => engine.port, new BodyBudget(settings.bodyBytesPerClient, settings.bodyBytes), engine.options.serveStatic);
  server.on('request', (req, res) => {
    // Answered already, as one connection too many.
    if (!refused.has(req.socket)) listener(req, res);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (refused.has(socket as Socket)) return;
    try {
      (engine.syncHub.handles(req) ? engine.syncHub : engine.yjs).upgrade(req, socket, head, engine.port);
    } catch (error) {
      answerOnSocket(socket, unexpectedFailure(error));
    }
  });
  server.on('clientError', answerClientError);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: actual } = server.address() as AddressInfo;
      engine.setPort(actual);
      resolve({
        port: actual,
        url: `http://127.0.0.1:${actual}`,
        close: () =>
          new Promise<void>((done) => {
            // Upgraded sockets are the server's connections too: close them, or it waits for them.
            engine.yjs.close();
            engine.syncHub.closeConnections();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/**
 * What Node refuses before a request exists (headers too large, a request it cannot parse, one
 * that takes too long to arrive), answered in the API's error envelope rather than Node's empty
 * bodies. Once an answer has started on the socket, nothing more can be said: it is dropped.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  answerOnSocket(socket, clientFailure(error.code));
}

function clientFailure(code: string | undefined): Failure {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new Failure(431, 'The request headers are larger than 16 KiB');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new Failure(408, 'The request took too long to arrive');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new Failure(413, 'The chunk extensions are too large');
    default:
      return new Failure(400, 'The request is not valid HTTP/1.1');
  }
}

/**
 * Caps open connections, per remote address and in all. A connection past a cap is answered
 * 503 in the envelope and closed; its requests are never handled. Returns those sockets.
 */
function capConnections(server: Server, limits: TransportLimits): WeakSet<Socket> {
  const refused = new WeakSet<Socket>();
  const byAddress = new Map<string, number>();
  let open = 0;
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const mine = byAddress.get(address) ?? 0;
    if (mine >= limits.connectionsPerAddress || open >= limits.connections) {
      refused.add(socket);
      answerOnSocket(socket, new Failure(503, 'Too many connections: try again shortly'));
      return;
    }
    open++;
    byAddress.set(address, mine + 1);
    socket.once('close', () => {
      open--;
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    });
  });
  return refused;
}
