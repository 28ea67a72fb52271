import * as Y from 'yjs';

/** The origin of every change the store makes to a doc it built, told apart from anybody else's. */
export const STORE_ORIGIN = Symbol('doc-store');

/** The update of an empty doc: no structs, no deletions. */
export const EMPTY_UPDATE: Uint8Array = Y.encodeStateAsUpdate(new Y.Doc());

export type DeleteSet = ReturnType<typeof Y.decodeUpdate>['ds'];

/**
 * Runs a Yjs decoder over bytes from outside, a throw becoming a value. A row that does not
 * decode would make its doc unloadable, so nothing is stored without passing through here.
 */
export function decode<T>(read: () => T): T | { malformed: string } {
  try {
    return read();
  } catch (error) {
    return { malformed: error instanceof Error ? error.message : String(error) };
  }
}

/** Groups per merge: `Y.mergeUpdates` re-sorts its inputs for every struct it writes, so one call over thousands of rows is far slower than a few levels of small merges. */
const MERGE_FAN_IN = 16;

/** One update holding everything `updates` hold, losing nothing (deleted content and structs waiting for dependencies included). */
export function mergeAll(updates: readonly Uint8Array[]): Uint8Array {
  if (updates.length === 0) return EMPTY_UPDATE;
  let level = [...updates];
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += MERGE_FAN_IN) {
      const group = level.slice(i, i + MERGE_FAN_IN);
      next.push(group.length === 1 ? group[0]! : Y.mergeUpdates(group));
    }
    level = next;
  }
  return level[0]!;
}

/**
 * What `updates` hold that a replica at `stateVector` lacks: each diffed alone, then the small
 * results merged (merging the rows first re-encodes the whole doc only to drop most of it). A
 * replica that holds nothing lacks all of them, which need no diffing.
 */
export function diffRows(updates: readonly Uint8Array[], stateVector: Uint8Array): Uint8Array {
  if (holdsNothing(stateVector)) return mergeAll(updates);
  return mergeAll(updates.map((update) => Y.diffUpdate(update, stateVector)));
}

/** Whether a state vector is a replica's that holds nothing yet (a new device, or a doc never opened there). */
export function holdsNothing(stateVector: Uint8Array): boolean {
  return Y.decodeStateVector(stateVector).size === 0;
}

let docsMade = 0;

/**
 * A Y.Doc for the engine's own use. The guid given spares Yjs's random one: lib0 draws a UUID with
 * about thirty `crypto.getRandomValues` calls, which measured 1.5 ms a doc on a loaded machine, paid
 * per doc by a merge of many pages. Guids only matter to subdocs, which Folio does not use.
 */
export function newDoc(options: { gc?: boolean } = {}): Y.Doc {
  return new Y.Doc({ guid: `folio-${++docsMade}`, ...options });
}

/**
 * A doc holding `updates`. They are applied in one Yjs transaction rather than merged first:
 * measured on a 10,000-block page with 5,000 edit rows, merging first was never faster, and one
 * `Y.mergeUpdates` over all the rows took five times as long (docs/doc-store.md).
 */
export function buildDoc(updates: readonly Uint8Array[], options: { gc?: boolean } = {}): Y.Doc {
  const doc = newDoc(options);
  Y.transact(
    doc,
    () => {
      for (const update of updates) Y.applyUpdate(doc, update, STORE_ORIGIN);
    },
    STORE_ORIGIN,
  );
  return doc;
}

/** What a doc waits for before it can integrate all it was given. */
export interface MissingDependencies {
  /** Per client, a clock the doc must hold before what it was given can integrate (Yjs's `pendingStructs.missing`). */
  structs: { client: number; clock: number }[];
  /** Clients whose deletions refer to structs the doc does not hold. */
  deletions: number[];
}

export function missingDependencies(doc: Y.Doc): MissingDependencies | undefined {
  const { pendingStructs, pendingDs } = doc.store;
  if (!pendingStructs && !pendingDs) return undefined;
  return {
    structs: [...(pendingStructs?.missing ?? [])].map(([client, clock]) => ({ client, clock })),
    deletions: pendingDs ? [...Y.decodeUpdateV2(pendingDs).ds.clients.keys()] : [],
  };
}
