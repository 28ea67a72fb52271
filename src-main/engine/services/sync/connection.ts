import type { Writable } from 'node:stream';
import type { WebSocket } from 'ws';
import { binaryFrame } from '../../core/http/websocket-frame.js';
import { MalformedFrame, payloadBytes, SharedPayload, type SyncChannel } from './channel.js';
import { TryAgainLater } from '../../core/pipeline/failure.js';
import { decodeFrame, encodeFrame } from './frames.js';

/** RFC 6455: the message's data does not fit its type; here, bytes that are not the protocol. */
const CLOSE_MALFORMED = 1007;
/** RFC 6455: a condition we did not expect (a busy database, a bug). */
const CLOSE_INTERNAL_ERROR = 1011;
/** RFC 6455 (IANA registry): try again later. */
const CLOSE_TRY_AGAIN_LATER = 1013;

/**
 * One peer's WebSocket, hub side or replica side: frames in are routed to their channel, a
 * channel's payloads go out framed with its number. An error of ours ends this socket only.
 */
export class SyncConnection {
  private readonly channels = new Map<number, SyncChannel>();

  /**
   * `transport`: on the hub, the TCP socket under `ws`, for payloads framed once for every replica
   * (`binaryFrame`). `failed`: told why this side closed the socket, in words (the replica's `lastProblem`).
   */
  constructor(
    private readonly ws: WebSocket,
    channels: readonly SyncChannel[],
    private readonly describe: string,
    private readonly transport?: Writable,
    private readonly failed?: (problem: string) => void,
  ) {
    for (const channel of channels) this.channels.set(channel.id, channel);
  }

  /** Call once the socket is open. */
  start(): void {
    this.ws.on('message', (data: Buffer) => this.receive(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
    this.ws.on('close', () => this.closeChannels());
    for (const channel of this.channels.values()) channel.open({ send: (payload) => this.send(channel.id, payload), fail: (error) => this.failWith(error) });
  }

  /** Ends the connection at once: the channels stop now (their timers too), not when the socket reports closing. */
  terminate(): void {
    this.closeChannels();
    this.ws.terminate();
  }

  private closeChannels(): void {
    for (const channel of this.channels.values()) channel.close();
  }

  private send(channel: number, payload: Uint8Array | SharedPayload): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (payload instanceof SharedPayload && this.transport) this.transport.write(payload.framed((bytes) => binaryFrame(encodeFrame(channel, bytes))));
    else this.ws.send(encodeFrame(channel, payloadBytes(payload)));
  }

  private receive(data: Uint8Array): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    try {
      const frame = decodeFrame(data);
      const channel = this.channels.get(frame.channel);
      // A channel this side does not run (an older peer): its frames are dropped, not fatal.
      channel?.receive(frame.payload);
    } catch (error) {
      this.failWith(error);
    }
  }

  /** Closes the socket for what a channel threw: bytes that are not the protocol, a database away for now, or a bug of ours. */
  private failWith(error: unknown): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (error instanceof MalformedFrame) {
      this.failed?.(`${this.describe} sent something that is not Folio sync (${error.message}); trying again`);
      this.ws.close(CLOSE_MALFORMED, error.message.slice(0, 120));
      return;
    }
    if (error instanceof TryAgainLater) {
      console.error(`sync message from ${this.describe} not taken: ${error.message}`);
      this.ws.close(CLOSE_TRY_AGAIN_LATER, error.message.slice(0, 120));
      return;
    }
    console.error(`sync message from ${this.describe} failed`, error);
    this.failed?.(`This device could not take in what ${this.describe} sent (${(error as Error).message}); trying again`);
    this.ws.close(CLOSE_INTERNAL_ERROR, 'internal error');
  }
}
