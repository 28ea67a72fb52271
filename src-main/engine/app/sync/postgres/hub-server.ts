import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unexpectedFailure } from '../../../api/dispatcher.js';
import { HOST_REFUSED, isAllowedHost } from '../../../transports/http/host-guard.js';
import { answerClientError, DEFAULT_TRANSPORT_LIMITS } from '../../http/server.js';
import { answerOnSocket } from '../../../transports/http/socket-answers.js';
import { badRequest, errorBody, forbidden, notFound, unavailable, type Failure } from '../../../core/pipeline/failure.js';
import { requestUrl } from '../../../core/pipeline/query.js';
import { CommitFollower, type FollowerState } from '../../../services/sync/postgres/commit-follower.js';
import { sweepEvery } from '../../../domain/content/blob-gc.js';
import { checkBlobStore, openBlobStore, type BlobStoreChoice } from '../../../services/sync/postgres/blob-store.js';
import { RoomRelay } from '../../../services/sync/postgres/room-relay.js';
import { openPostgresEngine, type PostgresEngine } from './working-copy.js';

export const HEALTH_PATH = '/health';

export interface PostgresHub {
  url: string;
  port: number;
  opened: PostgresEngine;
  follower: CommitFollower;
  close(): Promise<void>;
}

/**
 * A hub process on PostgreSQL (docs/hub.md): the engine on its working copy, the commit
 * follower, and an HTTP server on 127.0.0.1 that serves `/v1/sync`, `/v1/yjs/<doc>` and
 * `/health`, nothing else (the API stays with the data dirs). `tooFarBehind` is told when the
 * process lagged past what PostgreSQL still keeps of deletions (it must restart). As the API's
 * server does, it answers whatever it refuses or fails at in the error envelope, Node's own
 * refusals included, and no request can take it down; it has no connection caps, as every
 * replica behind a load balancer comes from one address.
 */
export async function startPostgresHub(
  url: string,
  port: number,
  tooFarBehind: (message: string) => void,
  /** Host headers accepted besides the loopback names with this port: a load balancer's address (`--allow-host`). */
  allowedHosts: readonly string[] = [],
  /** The folder or bucket every process of the hub keeps file bytes in (`--blob-dir`, `--blob-s3`); in the database when absent. */
  blobs?: BlobStoreChoice,
): Promise<PostgresHub> {
  const bytes = blobs === undefined ? undefined : openBlobStore(blobs);
  let opened: PostgresEngine | undefined;
  try {
    opened = await openPostgresEngine(url, tooFarBehind);
    await checkBlobStore(url, opened.engine.db, blobs, bytes);
  } catch (error) {
    opened?.close();
    bytes?.stop?.();
    throw error;
  }
  const { engine, order } = opened;
  if (bytes) engine.db.useFileBytes(bytes);
  // Rooms' awareness and live updates go out as NOTIFYs and come in on the follower's LISTEN connection, to this process's rooms.
  // Both leave at once, on the writer's libpq connection between turns (a few µs of a socket write, its answer read at the next
  // turn), else pipelined on the LISTEN connection: either way a live update's NOTIFY does not wait for its write's turn.
  const relay = new RoomRelay((payload) => order.notifyRooms(payload) || follower.notifyRooms(payload), {
    awareness: (docId, update) => engine.yjs.remoteAwareness(docId, update),
    update: (docId, update) => engine.yjs.remoteUpdate(docId, update),
  });
  const follower = new CommitFollower(url, order, tooFarBehind, (payload) => relay.heard(payload));
  const stopSweeping = bytes ? sweepEvery(engine.db, bytes) : () => undefined;
  engine.yjs.relayRooms(relay);
  await follower.start();
  // A load balancer's address as the client wrote it stands for this process's own: the endpoints check Host as usual.
  const ownHost = (req: IncomingMessage) => {
    if (req.headers.host && allowedHosts.includes(req.headers.host)) req.headers.host = `127.0.0.1:${engine.port}`;
  };
  const { headersTimeoutMs, requestTimeoutMs } = DEFAULT_TRANSPORT_LIMITS;
  const server = createServer({ headersTimeout: headersTimeoutMs, requestTimeout: requestTimeoutMs, connectionsCheckingInterval: 1_000 }, (req, res) => {
    try {
      ownHost(req);
      const url = requestUrl(req.url);
      if (!isAllowedHost(req.headers.host, engine.port)) return refuse(res, forbidden(HOST_REFUSED));
      if (!url) return refuse(res, badRequest('The request target is not a URL'));
      if (url.pathname !== HEALTH_PATH || req.method !== 'GET') {
        return refuse(res, notFound('This is a Folio hub process: it serves /v1/sync, /v1/yjs and /health'));
      }
      const health = healthOf(follower.state, order.cursor, engine.syncHub.peerCount);
      json(res, health.status === 'ok' ? 200 : 503, health);
    } catch (error) {
      const failure = unexpectedFailure(error);
      if (!res.headersSent) refuse(res, failure);
    }
  });
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    try {
      ownHost(req);
      // Without its database a process could answer reads only: replicas try another process, or later (backing off).
      if (follower.state.state !== 'connected') return answerOnSocket(socket, unavailable('This hub process cannot reach its database: try another, or later'));
      (engine.syncHub.handles(req) ? engine.syncHub : engine.yjs).upgrade(req, socket, head, engine.port);
    } catch (error) {
      answerOnSocket(socket, unexpectedFailure(error));
    }
  });
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  engine.setPort(actual);
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    opened,
    follower,
    close: () =>
      new Promise<void>((done) => {
        follower.stop();
        stopSweeping();
        engine.yjs.close();
        engine.syncHub.closeConnections();
        server.close(() => {
          opened.close();
          bytes?.stop?.();
          done();
        });
        server.closeAllConnections();
      }),
  };
}

/** What `/health` answers: 200 while PostgreSQL is reachable, 503 while the process waits for it (it keeps serving reads). */
export function healthOf(state: FollowerState, turn: number, replicas: number) {
  return state.state === 'connected'
    ? { status: 'ok' as const, postgres: 'connected' as const, turn, replicas }
    : { status: 'degraded' as const, postgres: 'reconnecting' as const, since: state.since, problem: state.problem, turn, replicas };
}

function refuse(res: ServerResponse, failure: Failure): void {
  json(res, failure.status, errorBody(failure));
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
