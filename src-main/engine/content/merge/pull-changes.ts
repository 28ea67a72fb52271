import * as Y from 'yjs';
import { EMPTY_STATE_VECTOR } from '../../docs/state-vector.js';
import type { DocStore } from '../../docs/store.js';
import { newDoc } from '../../docs/updates.js';
import { bodyConflicts } from './block-conflicts.js';
import { writtenPairs } from './branch-docs.js';
import type { Conflict, Side } from './conflicts.js';
import { readPageTree } from './page-tree.js';
import { type ThreeWay, threeWay } from './three-way.js';
import { treeConflicts } from './tree-conflicts.js';
import { repairTree } from './tree-repair.js';

/** `merge` carries a change request's changes into main; `update` carries main's into the change request. */
export type Direction = 'merge' | 'update';

/**
 * Applies one side's changes since the fork base to the other side's docs, inside the caller's
 * transaction, and answers the conflicts our rule finds (docs/content-design.md, "Merge"). Yjs
 * merges every doc; the page tree is then repaired (cycles keep main's parents). An update then
 * moves the change request's fork bases to main as it is now.
 */
export function pullChanges(docs: DocStore, spaceId: string, changeRequestId: string, direction: Direction): Conflict[] {
  const from: Side = direction === 'merge' ? 'change-request' : 'main';
  const into: Side = direction === 'merge' ? 'main' : 'change-request';
  const ways = writtenPairs(docs, spaceId, changeRequestId).map((pair) => threeWay(docs, pair));
  const pages = ways.filter((way) => way.pair.pageId !== undefined && way.since(from).changed);
  const conflicts = pages.flatMap((way) => (way.changed(into) ? pageConflicts(docs, way) : []));
  const tree = ways.find((way) => way.pair.pageId === undefined);
  if (tree) conflicts.push(...mergeTrees(docs, tree, ways, into));
  for (const way of pages) written(docs.append(docIdOf(way, into), way.since(from).update));
  if (direction === 'update') {
    for (const way of ways) if (way.since('main').changed) written(docs.moveForkBase(way.pair.changeRequest));
  }
  return conflicts;
}

function pageConflicts(docs: DocStore, { pair, base }: ThreeWay): Conflict[] {
  return bodyConflicts(pair.pageId!, base(), docs.load(pair.main), docs.load(pair.changeRequest));
}

/**
 * The tree's conflicts when either side changed it (a body edit counts against a page the other
 * side deleted), then the incoming changes applied to the target's tree, repaired and written
 * as one update. The target's tree is built once, as the copy the changes are applied to.
 */
function mergeTrees(docs: DocStore, tree: ThreeWay, ways: ThreeWay[], into: Side): Conflict[] {
  const from: Side = into === 'main' ? 'change-request' : 'main';
  const incoming = tree.since(from);
  if (!incoming.changed && !tree.changed(into)) return [];
  const byPage = new Map(ways.filter((way) => way.pair.pageId !== undefined).map((way) => [way.pair.pageId!, way]));
  const bodyEdited = (side: Side, pageId: string) => byPage.get(pageId)?.changed(side) ?? false;
  const target = docIdOf(tree, into);
  const merged = copyOf(docs, target);
  const base = readPageTree(tree.base());
  const [intoTree, fromTree] = [readPageTree(merged), readPageTree(docs.load(docIdOf(tree, from)))];
  const [main, changeRequest] = into === 'main' ? [intoTree, fromTree] : [fromTree, intoTree];
  const conflicts = treeConflicts(base, main, changeRequest, bodyEdited);
  if (!incoming.changed) return conflicts;
  const before = Y.encodeStateVector(merged);
  Y.applyUpdate(merged, incoming.update);
  conflicts.push(...repairTree(merged, main, base));
  written(docs.append(target, Y.encodeStateAsUpdate(merged, before)));
  return conflicts;
}

/** A doc of its own holding what the store holds for `docId`, for this merge to change. */
function copyOf(docs: DocStore, docId: string): Y.Doc {
  const state = docs.diff(docId, EMPTY_STATE_VECTOR);
  if (!state.ok) throw new Error(state.problem.message);
  const doc = newDoc();
  Y.applyUpdate(doc, state.update);
  return doc;
}

const docIdOf = (way: ThreeWay, side: Side) => (side === 'main' ? way.pair.main : way.pair.changeRequest);

/** Our own updates always decode and our forks exist: a refusal here is a bug, not a request to refuse. */
function written(result: { ok: true } | { ok: false; problem: { message: string } }): void {
  if (!result.ok) throw new Error(result.problem.message);
}
