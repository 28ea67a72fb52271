import * as Y from 'yjs';

/** Per client, the clock up to which every struct is held. */
export type StateVector = Map<number, number>;

export const EMPTY_STATE_VECTOR: Uint8Array = Y.encodeStateVector(new Map());

/**
 * `held` moved on by the structs of one update (as `Y.decodeUpdate` lists them: grouped by client,
 * clocks ascending). A client's clock moves only over structs that continue it without a gap, so
 * the result never claims what the rows do not hold: a peer trusting it would never send the
 * missing part. After an out-of-order update it may claim less than the rows hold; that costs a
 * peer some bytes sent twice, and compaction puts it right.
 */
export function advance(held: StateVector, structs: readonly (Y.Item | Y.GC | Y.Skip)[]): StateVector {
  const next = new Map(held);
  const stopped = new Set<number>();
  for (const struct of structs) {
    const { client, clock } = struct.id;
    if (stopped.has(client)) continue;
    const reached = next.get(client) ?? 0;
    if (struct instanceof Y.Skip || clock > reached) {
      stopped.add(client);
      continue;
    }
    next.set(client, Math.max(reached, clock + struct.length));
  }
  return next;
}

/** Clients in both keep the higher clock: each side only claims what it holds. */
export function union(a: StateVector, b: StateVector): StateVector {
  const next = new Map(a);
  for (const [client, clock] of b) next.set(client, Math.max(clock, next.get(client) ?? 0));
  return next;
}

/** Clients in both keep the lower clock; the others go: what both sides hold. */
export function intersection(a: StateVector, b: StateVector): StateVector {
  const next: StateVector = new Map();
  for (const [client, clock] of a) if (b.has(client)) next.set(client, Math.min(clock, b.get(client)!));
  return next;
}

/** Whether any struct reaches past what `held` claims, i.e. brings something the store lacks. */
export function bringsStructs(held: StateVector, structs: readonly (Y.Item | Y.GC | Y.Skip)[]): boolean {
  return structs.some((struct) => !(struct instanceof Y.Skip) && struct.id.clock + struct.length > (held.get(struct.id.client) ?? 0));
}
