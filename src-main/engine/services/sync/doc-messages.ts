import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as sync from 'y-protocols/sync';
import { MalformedFrame } from './channel.js';
import { readSafely } from './frames.js';

/**
 * The docs channel's messages (docs/sync.md). The first three are y-protocols' sync messages with
 * their numbers, framed with the doc id; each carrying data also carries the sender's state vector
 * of the doc once it holds that data, so the receiver learns what the sender durably has.
 */
export type DocMessage =
  /** "Send me what I lack of this doc." */
  | { type: 'step1'; docId: string; stateVector: Uint8Array }
  /** The answer to step 1. */
  | { type: 'step2'; docId: string; update: Uint8Array; stateVector: Uint8Array; forkBase?: SentForkBase }
  /** A change: pushed from the outbox, or fanned out live. */
  | { type: 'update'; docId: string; update: Uint8Array; stateVector: Uint8Array; forkBase?: SentForkBase }
  /** The receiver committed the update: this is its state vector of the doc now. */
  | { type: 'ack'; docId: string; stateVector: Uint8Array }
  /**
   * The hub refused the update (the actor's role): its state vector, and its whole doc, which the
   * replica's copy becomes. `state` comes last and may be absent (a hub from before it was sent).
   */
  | { type: 'refused'; docId: string; reason: string; stateVector: Uint8Array; state?: Uint8Array }
  /**
   * The hub's doc was replaced as a whole (it took its own hub's copy back after a refusal): the
   * replica's copy becomes `state` too, since no update can carry the deletions it undid.
   */
  | { type: 'replaced'; docId: string; stateVector: Uint8Array; state: Uint8Array }
  /** The hub has no such doc for this actor now (unknown space or change request, no read access): try again later. */
  | { type: 'unavailable'; docId: string; reason: string }
  /** "Which docs changed since this value of your counter?" */
  | { type: 'changes-since'; cursor: number }
  /** The docs the actor may read that changed after the cursor asked for, and the counter now. */
  | { type: 'changed'; cursor: number; docIds: string[] };

/**
 * A change request doc's fork base, after a `step2` or `update` of that doc (docs/sync.md, "Fork
 * bases"): the copy of main's doc it started from, and whether the sender has written the doc
 * since (`edited`) or holds only the copy; for a base an update moved, the state vector of the
 * base it moved from (`movedFrom`, last). Last in the message, so an older peer ignores it.
 */
export interface SentForkBase {
  update: Uint8Array;
  edited: boolean;
  movedFrom?: Uint8Array;
  /** With a moved base: the conflicts open after the update that moved it (after `movedFrom`, so an older peer ignores them). */
  conflicts?: string[];
}

// Appended only: a type's number is its place here.
const TYPES = ['step1', 'step2', 'update', 'ack', 'refused', 'unavailable', 'changes-since', 'changed', 'replaced'] as const;

// y-protocols' own numbers, so that the docs channel reads as its sync messages framed with a doc id.
if (sync.messageYjsSyncStep1 !== 0 || sync.messageYjsSyncStep2 !== 1 || sync.messageYjsUpdate !== 2) {
  throw new Error('y-protocols changed its message numbers');
}

export function encodeDocMessage(message: DocMessage): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, TYPES.indexOf(message.type));
  if ('docId' in message) encoding.writeVarString(encoder, message.docId);
  if ('cursor' in message) encoding.writeVarUint(encoder, message.cursor);
  if ('update' in message) encoding.writeVarUint8Array(encoder, message.update);
  if ('reason' in message) encoding.writeVarString(encoder, message.reason);
  if ('stateVector' in message) encoding.writeVarUint8Array(encoder, message.stateVector);
  if ('state' in message && message.state) encoding.writeVarUint8Array(encoder, message.state);
  if ('forkBase' in message && message.forkBase) {
    encoding.writeVarUint8Array(encoder, message.forkBase.update);
    encoding.writeVarUint(encoder, message.forkBase.edited ? 1 : 0);
    if (message.forkBase.movedFrom) {
      encoding.writeVarUint8Array(encoder, message.forkBase.movedFrom);
      if (message.forkBase.conflicts) {
        encoding.writeVarUint(encoder, message.forkBase.conflicts.length);
        for (const id of message.forkBase.conflicts) encoding.writeVarString(encoder, id);
      }
    }
  }
  if ('docIds' in message) {
    encoding.writeVarUint(encoder, message.docIds.length);
    for (const docId of message.docIds) encoding.writeVarString(encoder, docId);
  }
  return encoding.toUint8Array(encoder);
}

/** Throws `MalformedFrame` on bytes that are not a docs-channel message. */
export function decodeDocMessage(payload: Uint8Array): DocMessage {
  const decoder = decoding.createDecoder(payload);
  return readSafely(() => {
    const type = TYPES[decoding.readVarUint(decoder)];
    const bytes = () => decoding.readVarUint8Array(decoder);
    const text = () => decoding.readVarString(decoder);
    // Each string read before the next is counted: a count larger than the bytes ends the frame as malformed.
    const strings = () => Array.from({ length: Math.min(decoding.readVarUint(decoder), payload.length) }, text);
    switch (type) {
      case 'step1':
        return { type, docId: text(), stateVector: bytes() };
      case 'step2':
      case 'update': {
        const message = { type, docId: text(), update: bytes(), stateVector: bytes() };
        if (!decoding.hasContent(decoder)) return message;
        const forkBase: SentForkBase = { update: bytes(), edited: decoding.readVarUint(decoder) === 1 };
        if (!decoding.hasContent(decoder)) return { ...message, forkBase };
        const moved = { ...forkBase, movedFrom: bytes() };
        return { ...message, forkBase: decoding.hasContent(decoder) ? { ...moved, conflicts: strings() } : moved };
      }
      case 'ack':
        return { type, docId: text(), stateVector: bytes() };
      case 'refused': {
        const refused = { type, docId: text(), reason: text(), stateVector: bytes() };
        return decoding.hasContent(decoder) ? { ...refused, state: bytes() } : refused;
      }
      case 'unavailable':
        return { type, docId: text(), reason: text() };
      case 'replaced':
        return { type, docId: text(), stateVector: bytes(), state: bytes() };
      case 'changes-since':
        return { type, cursor: decoding.readVarUint(decoder) };
      case 'changed': {
        const cursor = decoding.readVarUint(decoder);
        return { type, cursor, docIds: Array.from({ length: decoding.readVarUint(decoder) }, text) };
      }
      default:
        throw new MalformedFrame('unknown docs message');
    }
  });
}
