import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { authenticate } from '../../core/auth/tokens.js';
import { answerOnSocket } from '../http/socket-answers.js';
import { admitCaller, checkUpgrade } from '../http/upgrade.js';
import type { Actor } from '../../core/pipeline/context.js';
import { contextFor, type PipelineDeps } from '../../core/pipeline/execute.js';
import { Failure, isFailure, notFound, unauthorized } from '../../core/pipeline/failure.js';
import { Connection } from './connection.js';
import { readableDoc, type ReadableDoc } from '../../domain/yjs/doc-access.js';
import { LocalSocket, type LocalClient, type LocalPeer } from './local-client.js';
import { Room, type RoomsOut } from './room.js';
import { isChangeRequestComments } from '../../services/sync/change-request-pulses.js';

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
  private readonly roomListeners = new Set<(docId: string) => void>();
  /** Where this process's rooms' awareness and live updates go for the other processes of a hub on PostgreSQL; none on a data dir. */
  private roomsOut: RoomsOut | undefined;

  constructor(private readonly deps: PipelineDeps) {}

  /** The `upgrade` handler of the engine's HTTP server listening on `port`. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, port: number): void {
    const admitted = this.admit(req, port);
    if (isFailure(admitted)) {
      answerOnSocket(socket, admitted);
      return;
    }
    this.sockets.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      this.connect(ws, admitted, socket);
    });
  }

  /** Clients connected now, over every room. */
  get clientCount(): number {
    return this.sockets.clients.size;
  }

  get roomCount(): number {
    return this.rooms.size;
  }

  /** The docs someone is viewing now: sync pulls and pushes them first. */
  get openDocIds(): string[] {
    return [...this.rooms.keys()];
  }

  /** Whether `docId`'s room is open and its doc ready for live edits (its doc built, its blocks read): what a writer's first keystroke waits for. */
  readyForLiveEdits(docId: string): boolean {
    return this.rooms.get(docId)?.isReady ?? false;
  }

  /** Calls `listener` with each doc someone starts viewing (its room opens); returns the function that stops it. */
  onRoomOpened(listener: (docId: string) => void): () => void {
    this.roomListeners.add(listener);
    return () => this.roomListeners.delete(listener);
  }

  /**
   * Sends every room's awareness changes, and its clients' updates as they are relayed before
   * their commit, to `out` (a hub process: the other processes of its hub, docs/hub.md).
   */
  relayRooms(out: RoomsOut): void {
    this.roomsOut = out;
  }

  /** A client's update relayed by another process's room of `docId`, to this process's room when one is open. */
  remoteUpdate(docId: string, update: Uint8Array): void {
    this.rooms.get(docId)?.relayRemote(update);
  }

  /** Tells the clients of `docId`'s room, when one is open, that what the doc belongs to changed (`Room.pulse`). */
  pulse(docId: string): void {
    this.rooms.get(docId)?.pulse();
  }

  /** Awareness from another process's room of `docId`, to this process's room when one is open; bytes that are no update are dropped. */
  remoteAwareness(docId: string, update: Uint8Array): void {
    try {
      this.rooms.get(docId)?.applyRemoteAwareness(update);
    } catch {
      // Awareness is ephemeral: a garbled update costs nothing but itself.
    }
  }

  /** Closes every socket; the rooms go with them. */
  close(): void {
    for (const ws of this.sockets.clients) ws.close(CLOSE_GOING_AWAY, 'Folio is closing');
    for (const socket of this.localSockets) socket.close(CLOSE_GOING_AWAY, 'Folio is closing');
    for (const room of this.rooms.values()) room.close();
    this.rooms.clear();
  }

  private admit(req: IncomingMessage, port: number): Admitted | Failure {
    const upgrade = checkUpgrade(req, port);
    if (isFailure(upgrade)) return upgrade;
    if (!upgrade.url.pathname.startsWith(YJS_PATH)) return notFound('Not found');
    const docId = decodePath(upgrade.url.pathname.slice(YJS_PATH.length));
    return admitCaller(this.deps, upgrade, (actor) => this.admitToDoc(actor, docId));
  }

  /**
   * An in-process client (the desktop shell's MessagePort for one doc): admitted by its bearer
   * and read access as an upgrade is, without the Host and Origin checks that guard the network;
   * every update it sends meets the same write checks. Answers the failure, or the client's end.
   */
  connectLocal(authorization: string, docId: string, peer: LocalPeer): LocalClient | Failure {
    const { db } = this.deps;
    const admitted = db.transaction(() => {
      db.noticeExternalChanges();
      const actor = authenticate(db, authorization);
      return actor ? this.admitToDoc(actor, docId) : unauthorized();
    }, 'read');
    if (isFailure(admitted)) return admitted;
    const socket = new LocalSocket(peer);
    this.localSockets.add(socket);
    socket.on('close', () => this.localSockets.delete(socket));
    this.connect(socket, admitted);
    return socket;
  }

  private admitToDoc(actor: Actor, docId: string | undefined): Admitted | Failure {
    const doc = docId === undefined ? notFound('No document of that name') : readableDoc(contextFor(this.deps, actor), docId);
    return isFailure(doc) ? doc : { actor, doc };
  }

  private connect(socket: WebSocket | LocalSocket, { actor, doc }: Admitted, transport?: Duplex): void {
    const room = this.roomOf(doc.docId);
    const connection = new Connection(socket, this.deps, actor, doc, room, transport);
    socket.on('close', () => this.leave(room, connection));
    connection.start();
  }

  private roomOf(docId: string): Room {
    let room = this.rooms.get(docId);
    if (!room) {
      const { projector } = this.deps.services;
      room = new Room(docId, this.deps.docs, this.roomsOut, (id) => projector.prepareLiveEdits(id), isChangeRequestComments(docId));
      this.rooms.set(docId, room);
      for (const listener of this.roomListeners) listener(docId);
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

function decodePath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
