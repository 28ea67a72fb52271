import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as auth from 'y-protocols/auth';
import * as sync from 'y-protocols/sync';
import { MESSAGE_AUTH, MESSAGE_AWARENESS, MESSAGE_QUERY_AWARENESS, MESSAGE_SYNC } from '../../../../src-shared/sync/message-types.js';

/** A sync message's second varuint: a request for what the sender lacks (one byte, as both type numbers are below 128). */
export const SYNC_STEP_1 = sync.messageYjsSyncStep1;

/** What a client sent, decoded as far as the server needs. */
export type ClientMessage =
  | { type: 'sync-step-1'; stateVector: Uint8Array }
  | { type: 'update'; update: Uint8Array }
  | { type: 'awareness'; update: Uint8Array }
  | { type: 'query-awareness' }
  | { type: 'ignored' };

/** Decodes a client's message; throws on bytes that are not the protocol. */
export function readClientMessage(data: Uint8Array): ClientMessage {
  const decoder = decoding.createDecoder(data);
  const type = decoding.readVarUint(decoder);
  if (type === MESSAGE_AWARENESS) return { type: 'awareness', update: decoding.readVarUint8Array(decoder) };
  if (type === MESSAGE_QUERY_AWARENESS) return { type: 'query-awareness' };
  if (type !== MESSAGE_SYNC) return { type: 'ignored' };
  const step = decoding.readVarUint(decoder);
  const payload = decoding.readVarUint8Array(decoder);
  if (step === sync.messageYjsSyncStep1) return { type: 'sync-step-1', stateVector: payload };
  if (step === sync.messageYjsSyncStep2 || step === sync.messageYjsUpdate) return { type: 'update', update: payload };
  return { type: 'ignored' };
}

function message(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/** The server's state vector: the client answers with what the server lacks. */
export const syncStep1 = (stateVector: Uint8Array) =>
  message((encoder) => {
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    encoding.writeVarUint(encoder, sync.messageYjsSyncStep1);
    encoding.writeVarUint8Array(encoder, stateVector);
  });

/** What the client lacks, in answer to its step 1. */
export const syncStep2 = (update: Uint8Array) =>
  message((encoder) => {
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    encoding.writeVarUint(encoder, sync.messageYjsSyncStep2);
    encoding.writeVarUint8Array(encoder, update);
  });

/** A committed update, relayed to the room. */
export const syncUpdate = (update: Uint8Array) =>
  message((encoder) => {
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    sync.writeUpdate(encoder, update);
  });

export const awarenessMessage = (update: Uint8Array) =>
  message((encoder) => {
    encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
    encoding.writeVarUint8Array(encoder, update);
  });

/** y-protocols' own refusal: y-websocket clients report it (`Permission denied to access …`). */
export const permissionDenied = (reason: string) =>
  message((encoder) => {
    encoding.writeVarUint(encoder, MESSAGE_AUTH);
    auth.writePermissionDenied(encoder, reason);
  });
