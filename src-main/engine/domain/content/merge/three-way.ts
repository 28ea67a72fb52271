import * as Y from 'yjs';
import { EMPTY_STATE_VECTOR } from '../../../core/docs/state-vector.js';
import { EMPTY_UPDATE, newDoc } from '../../../core/docs/updates.js';
import type { DocPair } from './branch-docs.js';
import type { MergeReads } from './merge-reads.js';
import type { Side } from './conflicts.js';

/** What one side did to a doc since the base: the update carrying it, and whether it changed anything. */
export interface SideChanges {
  update: Uint8Array;
  changed: boolean;
}

/**
 * A doc of the content at the base of a change request's copy, and what each side did since.
 * Each part is read when first asked for, and once: most docs changed on one side only, and
 * a merge never needs to read the other side of those.
 */
export interface ThreeWay {
  pair: DocPair;
  /** The state vector of the change request's fork base; none for a doc the change request created. */
  baseState?: Map<number, number>;
  /** A new doc holding the base content, for the caller alone to read or change. */
  newBase: (options?: { gc?: boolean }) => Y.Doc;
  since: (side: Side) => SideChanges;
  /** Whether a side changed the doc, read from its state vector alone when that tells (see `changed`). */
  changed: (side: Side) => boolean;
  /**
   * Whether the change request's doc deletes items main wrote after the base: what a later copy
   * of main held, which the change request no longer shows (docs/sync.md, "Fork bases"). Yjs
   * would carry those deletions to main, so the merge checks every block.
   */
  hidesMainsLater: () => boolean;
}

const NO_CHANGES: SideChanges = { update: EMPTY_UPDATE, changed: false };

/**
 * Reads a pair against the change request's fork base. A doc the change request created has
 * no base: everything in it is its change, and main has none of it.
 */
export function threeWay(docs: MergeReads, pair: DocPair): ThreeWay {
  const fork = docs.forkBase(pair.changeRequest);
  const read = (side: Side): SideChanges => {
    if (!fork && side === 'main') return NO_CHANGES;
    const diff = docs.diff(docIdOf(pair, side), fork?.stateVector ?? EMPTY_STATE_VECTOR);
    // Both ids name docs of our store, and the state vector is the store's own.
    if (!diff.ok) throw new Error(diff.problem.message);
    return { update: diff.update, changed: fork ? !Y.snapshotContainsUpdate(fork.snapshot, diff.update) : true };
  };
  const since = memoBySide(read);
  return {
    pair,
    ...(fork && { baseState: fork.snapshot.sv }),
    newBase: (options) => {
      const doc = newDoc(options);
      if (fork) Y.applyUpdate(doc, fork.baseUpdate);
      return doc;
    },
    since,
    changed: (side) => {
      if (!fork) return side === 'change-request';
      return addsStructs(docs.stateVector(docIdOf(pair, side)), fork.snapshot.sv) || since(side).changed;
    },
    hidesMainsLater: once(() => fork !== undefined && deletesPast(since('change-request').update, fork.snapshot.sv, Y.decodeStateVector(docs.stateVector(pair.main)))),
  };
}

/** Whether `update` deletes a clock `from` does not cover and `to` does: items written between the two. */
function deletesPast(update: Uint8Array, from: Map<number, number>, to: Map<number, number>): boolean {
  for (const [client, ranges] of Y.decodeUpdate(update).ds.clients) {
    const [start, end] = [from.get(client) ?? 0, to.get(client) ?? 0];
    if (ranges.some(({ clock, len }) => clock < end && clock + len > start)) return true;
  }
  return false;
}

/**
 * Whether a change request's doc holds structs of a client past its base that main's holds too:
 * main's text from after the base, which a later copy brought (docs/sync.md, "Fork bases"). Only
 * then can a block or a page it holds be an earlier version of main's rather than its own change.
 */
export function holdsMainsLater(changeRequest: Map<number, number>, main: Map<number, number>, base: Map<number, number>): boolean {
  for (const [client, clock] of changeRequest) {
    const from = base.get(client) ?? 0;
    if (clock > from && (main.get(client) ?? 0) > from) return true;
  }
  return false;
}

/** The doc a side has of the pair. */
export const docIdOf = (pair: DocPair, side: Side) => (side === 'main' ? pair.main : pair.changeRequest);

/**
 * Whether a doc holds structs past the base: then it changed, and no update needs reading (the
 * store's state vector never claims more than its rows hold). One that holds none may still
 * have deleted something, which only its update tells.
 */
function addsStructs(stateVector: Uint8Array, base: Map<number, number>): boolean {
  for (const [client, clock] of Y.decodeStateVector(stateVector)) if (clock > (base.get(client) ?? 0)) return true;
  return false;
}

/** A value made when first asked for, and once. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

function memoBySide(read: (side: Side) => SideChanges): (side: Side) => SideChanges {
  const main = once(() => read('main'));
  const changeRequest = once(() => read('change-request'));
  return (side) => (side === 'main' ? main() : changeRequest());
}
