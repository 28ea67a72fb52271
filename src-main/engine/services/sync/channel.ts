/** Where a channel's frames go: the one WebSocket of the peer. */
export interface ChannelLink {
  send(payload: Uint8Array | SharedPayload): void;
  /** Work of the channel that ran later than its payload arrived (a queued write) failed: the connection ends as if `receive` had thrown it. */
  fail?(error: unknown): void;
}

/**
 * A payload the hub sends to many peers (a fanned-out update): its WebSocket message is built by
 * the first connection that sends it and written as is by the others (docs/sync.md, "Fan-out").
 */
export class SharedPayload {
  private wire: Buffer | undefined;

  constructor(readonly payload: Uint8Array) {}

  /** The message on the wire, from `build` the first time. A channel's number is the same on every connection. */
  framed(build: (payload: Uint8Array) => Buffer): Buffer {
    this.wire ??= build(this.payload);
    return this.wire;
  }
}

/**
 * Hands `link` the failure of a channel's deferred work (a queued write); a link without `fail` (a
 * test's) has it thrown to the caller, as `receive` would have; a closed channel (no link) drops it.
 */
export function failOn(link: ChannelLink | undefined, error: unknown): void {
  if (!link) return;
  if (!link.fail) throw error;
  link.fail(error);
}

/** The bytes of a payload, shared or not. */
export function payloadBytes(payload: Uint8Array | SharedPayload): Uint8Array {
  return payload instanceof SharedPayload ? payload.payload : payload;
}

/**
 * One kind of traffic multiplexed on a peer's WebSocket (docs/sync.md, "Frames"): the Yjs docs,
 * the metadata change log. A channel only sees its own payloads; the frame says whose they are.
 */
export interface SyncChannel {
  /** The frame's channel number; fixed per kind, the same on both sides. */
  readonly id: number;
  /** The socket is open: the channel may start talking through `link`. */
  open(link: ChannelLink): void;
  /** A payload of this channel from the peer. Throws `MalformedFrame` on bytes that are not its protocol. */
  receive(payload: Uint8Array): void;
  /** The connection ended (possibly told twice); what was in flight is the outbox's again. */
  close(): void;
}

/** Channel numbers. */
export const DOCS_CHANNEL = 0;
export const CHANGES_CHANNEL = 1;
export const BLOBS_CHANNEL = 2;

/** Bytes that are not the protocol: the connection closes with 1007. */
export class MalformedFrame extends Error {}
