import * as Y from 'yjs';
import type { DocStore } from '../../docs/store.js';
import { EMPTY_STATE_VECTOR } from '../../docs/state-vector.js';
import { EMPTY_UPDATE } from '../../docs/updates.js';
import type { DocPair } from './branch-docs.js';

/** What one side did to a doc since the base: the update carrying it, and whether it changed anything. */
export interface SideChanges {
  update: Uint8Array;
  changed: boolean;
}

/** A doc of the content at the base of a change request's copy, and what each side did since. */
export interface ThreeWay {
  pair: DocPair;
  /** The base content, built for this merge alone. */
  base: () => Y.Doc;
  main: SideChanges;
  changeRequest: SideChanges;
}

/**
 * Reads a pair against the change request's fork base. A doc the change request created has
 * no base: everything in it is its change, and main has none of it.
 */
export function threeWay(docs: DocStore, pair: DocPair): ThreeWay {
  const fork = docs.forkBase(pair.changeRequest);
  const since = (docId: string): SideChanges => {
    const diff = docs.diff(docId, fork?.stateVector ?? EMPTY_STATE_VECTOR);
    // Both ids name docs of our store, and the state vector is the store's own.
    if (!diff.ok) throw new Error(diff.problem.message);
    return { update: diff.update, changed: fork ? !Y.snapshotContainsUpdate(fork.snapshot, diff.update) : true };
  };
  const changeRequest = since(pair.changeRequest);
  const main = fork ? since(pair.main) : { update: EMPTY_UPDATE, changed: false };
  return {
    pair,
    base: () => {
      const doc = new Y.Doc();
      if (fork) Y.applyUpdate(doc, fork.baseUpdate);
      return doc;
    },
    main,
    changeRequest,
  };
}
