import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { authenticate } from '../auth/tokens.js';
import { HOST_REFUSED, ORIGIN_REFUSED, isAllowedHost, isAllowedOrigin } from '../http/host-guard.js';
import type { Actor } from '../pipeline/context.js';
import type { PipelineDeps } from '../pipeline/execute.js';
import { Failure, forbidden, isFailure, notFound, unauthorized } from '../pipeline/failure.js';
import { Connection } from './connection.js';
import { contextFor } from './context.js';
import { readableDoc, type ReadableDoc } from './doc-access.js';
import { LocalSocket, type LocalClient, type LocalPeer } from './local-client.js';
import { Room } from './room.js';

/** Where the rooms are: `/v1/yjs/<doc id>`, the doc ids of docs/content-design.md. */
export const YJS_PATH = '/v1/yjs/';

/** RFC 6455 "going away": the engine is closing; clients reconnect to the next one. */
const CLOSE_GOING_AWAY = 1001;

const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

interface Admitted {
  actor: Actor;
  doc: ReadableDoc;
}

/**
 * The y-websocket endpoint. An upgrade is admitted as an HTTP request would be (Host check,
 * bearer token as header or `token` parameter, read access to the doc) or answered with the
 * API's error body and status. Rooms live while they have clients.
 */
export class YjsServer {
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly rooms = new Map<string, Room>();
  private readonly localSockets = new Set<LocalSocket>();

  constructor(private readonly deps: PipelineDeps) {}

  /** The `upgrade` handler of the engine's HTTP server listening on `port`. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, port: number): void {
    const admitted = this.admit(req, port);
    if (isFailure(admitted)) {
      refuse(socket, admitted);
      return;
    }
    this.sockets.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      this.connect(ws, admitted);
    });
  }

  /** Clients connected now, over every room. */
  get clientCount(): number {
    return this.sockets.clients.size;
  }

  get roomCount(): number {
    return this.rooms.size;
  }

  /** Closes every socket; the rooms go with them. */
  close(): void {
    for (const ws of this.sockets.clients) ws.close(CLOSE_GOING_AWAY, 'Folio is closing');
    for (const socket of this.localSockets) socket.close(CLOSE_GOING_AWAY, 'Folio is closing');
    for (const room of this.rooms.values()) room.close();
    this.rooms.clear();
  }

  private admit(req: IncomingMessage, port: number): Admitted | Failure {
    if (!isAllowedHost(req.headers.host, port)) return forbidden(HOST_REFUSED);
    if (!isAllowedOrigin(req.headers.origin, port)) return forbidden(ORIGIN_REFUSED);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!url.pathname.startsWith(YJS_PATH)) return notFound('Not found');
    return this.authorize(bearer(req, url), decodePath(url.pathname.slice(YJS_PATH.length)));
  }

  /**
   * An in-process client (the desktop shell's MessagePort for one doc): admitted by its bearer
   * and read access as an upgrade is, without the Host and Origin checks that guard the network;
   * every update it sends meets the same write checks. Answers the failure, or the client's end.
   */
  connectLocal(authorization: string, docId: string, peer: LocalPeer): LocalClient | Failure {
    const admitted = this.authorize(authorization, docId);
    if (isFailure(admitted)) return admitted;
    const socket = new LocalSocket(peer);
    this.localSockets.add(socket);
    socket.on('close', () => this.localSockets.delete(socket));
    this.connect(socket, admitted);
    return socket;
  }

  private authorize(authorization: string | undefined, docId: string | undefined): Admitted | Failure {
    const { db } = this.deps;
    return db.transaction(() => {
      db.noticeExternalChanges();
      const actor = authenticate(db, authorization);
      if (!actor) return unauthorized();
      const doc = docId === undefined ? notFound('No document of that name') : readableDoc(contextFor(this.deps, actor), docId);
      return isFailure(doc) ? doc : { actor, doc };
    }, 'read');
  }

  private connect(socket: WebSocket | LocalSocket, { actor, doc }: Admitted): void {
    const room = this.roomOf(doc.docId);
    const connection = new Connection(socket, this.deps, actor, doc, room);
    socket.on('close', () => this.leave(room, connection));
    connection.start();
  }

  private roomOf(docId: string): Room {
    let room = this.rooms.get(docId);
    if (!room) {
      room = new Room(docId, this.deps.docs);
      this.rooms.set(docId, room);
    }
    return room;
  }

  private leave(room: Room, connection: Connection): void {
    room.leave(connection);
    if (room.size > 0 || this.rooms.get(room.docId) !== room) return;
    room.close();
    this.rooms.delete(room.docId);
  }
}

/** The `Authorization` header, else the `token` parameter that browsers' WebSocket must use. */
function bearer(req: IncomingMessage, url: URL): string | undefined {
  if (req.headers.authorization) return req.headers.authorization;
  const token = url.searchParams.get('token');
  return token ? `Bearer ${token}` : undefined;
}

function decodePath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** Answers a refused upgrade as the API answers a refused request: status and error body. */
function refuse(socket: Duplex, failure: Failure): void {
  const body = JSON.stringify({ error: { code: failure.status, message: failure.message } });
  socket.end(
    `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
