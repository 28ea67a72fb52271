import type * as Y from 'yjs';
import type { BodyFacts } from '../body-text.js';
import type { DocStore } from '../../../core/docs/store.js';
import type { Projector } from '../projector.js';
import type { TreeChanges } from '../tree-watch.js';
import type { Branch } from '../../../../../src-shared/sync/doc-names.js';
import { ownWrite } from './own-writes.js';

/**
 * What planning a pull reads of the docs: the store itself on the event loop, or, in a worker
 * thread, the bytes of the docs it needs read there beforehand (merge-plan.ts).
 */
export type MergeReads = Pick<DocStore, 'writtenUnder' | 'forkBase' | 'diff' | 'stateVector' | 'load'>;

/** One doc's write of a pull, and what the projector is lent with it, so that it loads nothing again. */
export interface DocWrite {
  docId: string;
  /** A function is read when written: a refused merge never reads it. */
  update: Uint8Array | (() => Uint8Array);
  lend?: Lend;
  /** The state vector the update brings the doc to, and the one it was planned from (none: no doc): found by a worker, so that the store need not decode the update again (`DocStore.appendNew`). */
  reaches?: { stateVector: Uint8Array; held?: Uint8Array };
}

/**
 * The doc as written (a tree with the pages it changed, a body), the branch whose projection
 * already holds the same body, or what a worker found of the doc as written: a body's facts, or
 * the pages a tree's write changed (the store's doc, once written, is the tree as written).
 */
export type Lend =
  | { tree: Y.Doc; changes: TreeChanges }
  | { treeChanges: TreeChanges }
  | { body: Y.Doc }
  | { bodyOf: { spaceId: string; branch: Branch; pageId: string } }
  | { facts: BodyFacts };

/** Appends a planned write inside the caller's transaction and lends the projector what it planned with it. */
export function writeDoc(docs: DocStore, write: DocWrite, projector: Projector | undefined): void {
  const update = typeof write.update === 'function' ? write.update() : write.update;
  const reaches = write.reaches;
  const seq = reaches ? docs.appendNew(write.docId, update, reaches.stateVector, reaches.held) : ownWrite(docs.append(write.docId, update)).seq;
  const lend = write.lend;
  if (!projector || !lend) return;
  if ('tree' in lend) projector.lend(write.docId, seq, lend.tree, lend.changes);
  else if ('treeChanges' in lend) projector.lend(write.docId, seq, docs.load(write.docId), lend.treeChanges);
  else if ('body' in lend) projector.lendBody(write.docId, seq, lend.body);
  else if ('bodyOf' in lend) projector.lendBodyOf(write.docId, seq, lend.bodyOf);
  else projector.lendBodyFacts(write.docId, seq, lend.facts);
}
