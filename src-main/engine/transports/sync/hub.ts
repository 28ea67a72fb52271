import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { answerOnSocket } from '../http/socket-answers.js';
import { admitCaller, checkUpgrade } from '../http/upgrade.js';
import type { Actor } from '../../core/pipeline/context.js';
import type { PipelineDeps } from '../../core/pipeline/execute.js';
import { isFailure } from '../../core/pipeline/failure.js';
import { requestUrl } from '../../core/pipeline/query.js';
import type { SyncChannel } from '../../services/sync/channel.js';
import { SyncConnection } from '../../services/sync/connection.js';
import { fanOut, HubDocsChannel } from './hub-docs.js';

/** Where replicas connect. */
export const SYNC_PATH = '/v1/sync';

/** RFC 6455 "going away": the hub is closing; replicas reconnect to the next start. */
const CLOSE_GOING_AWAY = 1001;

const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** Makes one replica's end of a channel; the change log plugs in as one of these (docs/sync.md). */
export type HubChannelFactory = (actor: Actor) => SyncChannel;

/**
 * The hub: `ws://127.0.0.1:PORT/v1/sync` on the engine's own HTTP server, one WebSocket per
 * replica, admitted as the y-websocket endpoint admits (Host, Origin, bearer token as header or
 * `token` parameter). Every committed doc update is fanned out to the replicas that may read it.
 */
export class SyncHub {
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly docChannels = new Set<HubDocsChannel>();
  private readonly factories: HubChannelFactory[];
  private readonly stopObserving: () => void;

  constructor(
    private readonly deps: PipelineDeps,
    extraChannels: readonly HubChannelFactory[] = [],
  ) {
    this.factories = [(actor) => new HubDocsChannel(deps, actor, this.docChannels), ...extraChannels];
    this.stopObserving = deps.docs.onUpdate('*', (event) => fanOut(deps, this.docChannels, event));
  }

  /** Whether an upgrade request is for this endpoint. */
  handles(req: IncomingMessage): boolean {
    return requestUrl(req.url)?.pathname === SYNC_PATH;
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, port: number): void {
    const upgrade = checkUpgrade(req, port);
    const actor = isFailure(upgrade) ? upgrade : admitCaller(this.deps, upgrade, (caller) => caller);
    if (isFailure(actor)) {
      answerOnSocket(socket, actor);
      return;
    }
    this.sockets.handleUpgrade(req, socket, head, (ws) => this.connect(ws, actor, socket));
  }

  /** Replicas connected now. */
  get peerCount(): number {
    return this.sockets.clients.size;
  }

  /** The HTTP server is closing: replicas reconnect to the next one. */
  closeConnections(): void {
    for (const ws of this.sockets.clients) ws.close(CLOSE_GOING_AWAY, 'Folio is closing');
  }

  close(): void {
    this.stopObserving();
    this.closeConnections();
  }

  private connect(ws: WebSocket, actor: Actor, transport: Duplex): void {
    ws.on('error', () => ws.terminate());
    new SyncConnection(ws, this.factories.map((make) => make(actor)), `replica of ${actor.email}`, transport).start();
  }
}
