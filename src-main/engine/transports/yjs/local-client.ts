import { EventEmitter } from 'node:events';
import type { ClientSocket } from './connection.js';

/** How the engine reaches an in-process client: its messages out, and the end of the link. */
export interface LocalPeer {
  send(data: Uint8Array): void;
  /** The engine ended the link (it is closing, or the client sent what is not the protocol). */
  closed(code: number, reason: string): void;
}

/** The client's end of an in-process link: its messages in, and its leaving. */
export interface LocalClient {
  receive(data: Uint8Array): void;
  close(): void;
}

const OPEN = 1;
const CLOSED = 3;
/** RFC 6455 "normal closure": the client left. */
const CLOSE_NORMAL = 1000;

/**
 * An in-process client seen as the socket a `Connection` drives (`message` and `close` events),
 * so that it gets the same sync, write checks and room as a y-websocket client.
 */
export class LocalSocket extends EventEmitter implements ClientSocket, LocalClient {
  readonly OPEN = OPEN;
  readyState = OPEN;

  constructor(private readonly peer: LocalPeer) {
    super();
  }

  send(data: Uint8Array): void {
    if (this.readyState === OPEN) this.peer.send(data);
  }

  receive(data: Uint8Array): void {
    this.emit('message', Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  }

  /** The client leaves with no arguments; the engine ends the link with a code, which the peer hears. */
  close(code: number = CLOSE_NORMAL, reason = ''): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    if (code !== CLOSE_NORMAL) this.peer.closed(code, reason);
    this.emit('close');
  }
}
