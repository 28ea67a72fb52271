import { z } from 'zod';
import { Change, FieldValue } from '../../../../src-shared/sync/change.js';
import { MalformedFrame } from './channel.js';

/**
 * The change log channel's messages (docs/sync.md, "The change log channel (1)"): one JSON
 * object per payload, UTF-8. Cursors are opaque strings of the log that answered them.
 */
export const ChangeMessage = z.discriminatedUnion('type', [
  /**
   * Hub → replica on connect: the token's user, adopted on the first connection, and how many
   * organizations they are an active member of on the hub (an empty starter organization then goes).
   */
  z.object({ type: z.literal('hello'), user: z.record(z.string(), FieldValue), organizations: z.number().int().min(0).optional() }),
  /** Replica → hub: what changed in your log after `cursor` that I may see? At most `limit` log entries. */
  z.object({ type: z.literal('pull'), cursor: z.string(), limit: z.number().int().min(1).max(1_000_000) }),
  /** Hub → replica: the answer; `cursor` to ask from next; `now`: the hub's wall clock (ms), which judges the replica's stamps. */
  z.object({ type: z.literal('changes'), changes: z.array(Change), cursor: z.string(), now: z.number().int().min(0).optional() }),
  /** Replica → hub: my log up to `cursor`. */
  z.object({ type: z.literal('push'), changes: z.array(Change), cursor: z.string() }),
  /** Hub → replica: the push up to `cursor` is committed (applied, ignored or compensated). */
  z.object({ type: z.literal('ack'), cursor: z.string() }),
  /** Hub → replica: the push ends between a row and a parent it needs; nothing was applied, send a larger one. */
  z.object({ type: z.literal('incomplete') }),
  /** Hub → replica: the hub's log grew; pull. */
  z.object({ type: z.literal('poke') }),
]);
export type ChangeMessage = z.infer<typeof ChangeMessage>;

export function encodeChangeMessage(message: ChangeMessage): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(message));
}

export function decodeChangeMessage(payload: Uint8Array): ChangeMessage {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload));
  } catch (error) {
    throw new MalformedFrame((error as Error).message);
  }
  const parsed = ChangeMessage.safeParse(json);
  if (!parsed.success) throw new MalformedFrame(`not a change log message: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}
