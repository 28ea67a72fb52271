/** Where a channel's frames go: the one WebSocket of the peer. */
export interface ChannelLink {
  send(payload: Uint8Array): void;
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
