import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { mergeAll } from './updates.js';

/** How many structs one slice holds: a few milliseconds of applying on a loaded machine. */
export const STRUCTS_PER_SLICE = 500;

/**
 * A doc's rows cut into small updates that, applied one after the other to an empty doc, build
 * what the rows build, each integrating at once: a slice holds structs whose dependencies (origins,
 * parent) earlier slices or earlier structs of its own hold; the deletions come last, alone. So the
 * event loop can build a large doc a few milliseconds at a time (`DocStore.loadAhead`). Rows that
 * cannot be cut so (structs waiting for dependencies the rows do not hold) come back as one update.
 * Run in a worker: it decodes every struct.
 */
export function sliceRows(updates: readonly Uint8Array[], structsPerSlice = STRUCTS_PER_SLICE): Uint8Array[] {
  const merged = mergeAll(updates);
  const { structs } = Y.decodeUpdate(merged);
  const byClient = new Map<number, Y.AbstractStruct[]>();
  for (const struct of structs) {
    // A gap (`Skip`): the rows wait for structs they do not hold.
    if (!(struct instanceof Y.Item) && !(struct instanceof Y.GC)) return [merged];
    let list = byClient.get(struct.id.client);
    if (!list) byClient.set(struct.id.client, (list = []));
    list.push(struct);
  }
  const next = new Map<number, number>();
  for (const [client, list] of byClient) {
    if (list[0]!.id.clock !== 0) return [merged];
    next.set(client, 0);
  }
  const held = (id: Y.ID | null) => id === null || id.clock < (next.get(id.client) ?? 0);
  const ready = (struct: Y.AbstractStruct) =>
    !(struct instanceof Y.Item) || (held(struct.origin) && held(struct.rightOrigin) && (!(struct.parent instanceof Y.ID) || held(struct.parent)));
  const at = new Map<number, number>([...byClient.keys()].map((client) => [client, 0]));
  const slices: Uint8Array[] = [];
  for (let left = structs.length; left > 0; ) {
    let moved = false;
    for (const [client, list] of byClient) {
      const start = at.get(client)!;
      let end = start;
      while (end < list.length && end - start < structsPerSlice && ready(list[end]!)) {
        next.set(client, list[end]!.id.clock + list[end]!.length);
        end++;
      }
      if (end === start) continue;
      slices.push(encodeStructs(client, list.slice(start, end)));
      at.set(client, end);
      left -= end - start;
      moved = true;
    }
    if (!moved) return [merged];
  }
  // No structs: the rows' whole delete set.
  slices.push(Y.diffUpdate(merged, Y.encodeStateVectorFromUpdate(merged)));
  return slices;
}

/** One client's consecutive structs as an update (format v1) without deletions: what `Y.mergeUpdates` writes. */
function encodeStructs(client: number, structs: readonly Y.AbstractStruct[]): Uint8Array {
  const encoder = new Y.UpdateEncoderV1();
  encoding.writeVarUint(encoder.restEncoder, 1);
  encoding.writeVarUint(encoder.restEncoder, structs.length);
  encoder.writeClient(client);
  encoding.writeVarUint(encoder.restEncoder, structs[0]!.id.clock);
  for (const struct of structs) struct.write(encoder, 0, 0);
  encoding.writeVarUint(encoder.restEncoder, 0);
  return encoder.toUint8Array();
}
