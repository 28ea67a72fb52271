import * as Y from 'yjs';
import { readBody } from '../../../../../src-shared/content/yjs.js';
import { MAIN, branchDocPrefix, changeRequestBranch } from '../../../../../src-shared/sync/doc-names.js';
import type { DocStore } from '../../../core/docs/store.js';
import type { ForkBase } from '../../../core/docs/fork.js';
import { advance } from '../../../core/docs/state-vector.js';
import { buildDoc, diffRows } from '../../../core/docs/updates.js';
import { bodyFacts } from '../body-text.js';
import { writtenPairs } from './branch-docs.js';
import type { Conflict } from './conflicts.js';
import type { DocWrite, Lend, MergeReads } from './merge-reads.js';
import { planPull, type Direction } from './pull-changes.js';

/** The bytes of one doc a pull reads: its rows as stored, its state vector, and its fork base where it has one. */
export interface DocBytes {
  rows: Uint8Array[];
  stateVector: Uint8Array;
  fork?: { sourceDocId: string; baseUpdate: Uint8Array; snapshot: Uint8Array };
}

/** What a merge of a change request into main, or an update of it from main, is planned from in a worker thread. */
export interface PullInput {
  spaceId: string;
  changeRequestId: string;
  /** The docs the change request wrote. */
  written: string[];
  docs: Record<string, DocBytes>;
}

/** A pull as read in one transaction: its input, and where the docs it read stood (`pullVersion`). */
export interface PullRead {
  input: PullInput;
  version: string;
}

/** A pull planned in a worker: its conflicts, its writes in order (none for a merge that conflicts), the fork bases an update moves. */
export interface PlannedPull {
  conflicts: Conflict[];
  writes: (Pick<DocWrite, 'docId' | 'reaches'> & { update: Uint8Array; lend?: Lend })[];
  movedBases: string[];
}

/**
 * Reads, inside the caller's transaction, the bytes a merge or an update is planned from
 * (`planPullFromBytes`): each doc the change request wrote, and main's doc of the same content
 * where the change request's has a fork base (a doc it created has none: main has none of it) or
 * is the tree. Only rows are read, the change request's in one query: nothing is decoded or
 * merged here, on the event loop.
 */
export function readPull(docs: DocStore, spaceId: string, changeRequestId: string): PullRead {
  const own = docs.readUnder(branchDocPrefix(spaceId, changeRequestBranch(changeRequestId)));
  const bytes: Record<string, DocBytes> = {};
  for (const [docId, { rows, stateVector, fork }] of own) bytes[docId] = { rows, stateVector, ...(fork && { fork }) };
  for (const pair of writtenPairs(writtenAmong([...own.keys()]), spaceId, changeRequestId)) {
    if (bytes[pair.changeRequest]?.fork || pair.pageId === undefined) bytes[pair.main] = { rows: docs.updatesOf(pair.main), stateVector: docs.stateVector(pair.main) };
  }
  const input = { spaceId, changeRequestId, written: [...own.keys()], docs: bytes };
  return { input, version: pullVersion(docs, spaceId, changeRequestId) };
}

/**
 * Where the docs a pull reads stand: the docs the change request wrote, each with main's doc of
 * the same content (two queries). A plan made from them is written only if this is unchanged then.
 */
export function pullVersion(docs: DocStore, spaceId: string, changeRequestId: string): string {
  const own = docs.versionsUnder(branchDocPrefix(spaceId, changeRequestBranch(changeRequestId)));
  const main = docs.versionsUnder(branchDocPrefix(spaceId, MAIN));
  return writtenPairs(writtenAmong([...own.keys()]), spaceId, changeRequestId)
    .map((pair) => `${pair.changeRequest} ${own.get(pair.changeRequest)} ${main.get(pair.main) ?? 'none'}`)
    .sort()
    .join('\n');
}

/** How many bytes a pull's input holds: what planning it decodes. */
export function pullBytes(input: PullInput): number {
  let bytes = 0;
  for (const doc of Object.values(input.docs)) {
    for (const row of doc.rows) bytes += row.byteLength;
    bytes += doc.fork?.baseUpdate.byteLength ?? 0;
  }
  return bytes;
}

/** The docs written under a prefix, as the store answers it, among those read. */
const writtenAmong = (written: readonly string[]) => ({ writtenUnder: (prefix: string) => written.filter((docId) => docId.startsWith(prefix)) });

/**
 * Plans a merge or an update from the bytes `readPull` read (the work of a worker thread: pure,
 * from bytes), as `planPull` plans it on the store: the same rule, the same writes. What the
 * writes lend the projector crosses back as data: a merged body as the facts its projection
 * writes; a tree as the pages it changed (the projector reads them from the store's tree, as
 * written). A doc the read did not foresee (an update reads main's body of a page the change
 * request deleted without writing it, for a conflict's sides) fails the task: the pull is then
 * planned on the store.
 */
export function planPullFromBytes({ direction, ...input }: PullInput & { direction: Direction }): PlannedPull {
  const plan = planPull(bytesReads(input), input.spaceId, input.changeRequestId, direction);
  if (direction === 'merge' && plan.conflicts.length > 0) return { conflicts: plan.conflicts, writes: [], movedBases: [] };
  return { conflicts: plan.conflicts, writes: plan.writes.map((write) => cloneable(write, input.docs[write.docId]?.stateVector)), movedBases: plan.movedBases };
}

/** A write as it crosses back to the event loop, with the state vector it brings the doc to from `held` (none: the read found no doc), found here. */
function cloneable(write: DocWrite, held: Uint8Array | undefined): PlannedPull['writes'][number] {
  const update = typeof write.update === 'function' ? write.update() : write.update;
  const stateVector = Y.encodeStateVector(advance(held ? Y.decodeStateVector(held) : new Map(), Y.decodeUpdate(update).structs));
  const planned = { docId: write.docId, update, reaches: { stateVector, ...(held && { held }) } };
  const lend = write.lend;
  if (!lend) return planned;
  if ('tree' in lend) return { ...planned, lend: { treeChanges: lend.changes } };
  return { ...planned, lend: 'body' in lend ? { facts: bodyFacts(readBody(lend.body)) } : lend };
}

/** The store's reads, answered from a pull's bytes as the store answers them. */
function bytesReads(input: PullInput): MergeReads {
  const of = (docId: string): DocBytes => {
    const bytes = input.docs[docId];
    // The pull is then planned on the store, on the event loop (see planPullFromBytes).
    if (!bytes) throw new Error(`the pull read no bytes of ${docId}`);
    return bytes;
  };
  return {
    ...writtenAmong(input.written),
    forkBase: (docId): ForkBase | undefined => {
      const fork = of(docId).fork;
      if (!fork) return undefined;
      const snapshot = Y.decodeSnapshot(fork.snapshot);
      return { sourceDocId: fork.sourceDocId, stateVector: Y.encodeStateVector(snapshot.sv), snapshot, baseUpdate: fork.baseUpdate };
    },
    diff: (docId, stateVector) => ({ ok: true, update: diffRows(of(docId).rows, stateVector) }),
    stateVector: (docId) => of(docId).stateVector,
    load: (docId) => buildDoc(of(docId).rows),
  };
}
