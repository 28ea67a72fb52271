import * as Y from 'yjs';
import type { DocStore } from '../../docs/store.js';
import { bodyConflicts } from './block-conflicts.js';
import { writtenPairs } from './branch-docs.js';
import type { Conflict } from './conflicts.js';
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
  const ways = writtenPairs(docs, spaceId, changeRequestId).map((pair) => threeWay(docs, pair));
  const conflicts = findConflicts(docs, ways);
  for (const way of ways) {
    const incoming = direction === 'merge' ? way.changeRequest : way.main;
    if (!incoming.changed) continue;
    const target = direction === 'merge' ? way.pair.main : way.pair.changeRequest;
    if (way.pair.pageId === undefined) conflicts.push(...applyToTree(docs, way, target, incoming.update));
    else written(docs.append(target, incoming.update));
  }
  if (direction === 'update') {
    for (const way of ways) if (way.main.changed) written(docs.moveForkBase(way.pair.changeRequest));
  }
  return conflicts;
}

function findConflicts(docs: DocStore, ways: ThreeWay[]): Conflict[] {
  const conflicts: Conflict[] = [];
  const bodies = { main: new Set<string>(), changeRequest: new Set<string>() };
  for (const { pair, base, main, changeRequest } of ways) {
    if (pair.pageId === undefined) continue;
    if (main.changed) bodies.main.add(pair.pageId);
    if (changeRequest.changed) bodies.changeRequest.add(pair.pageId);
    if (main.changed && changeRequest.changed) {
      conflicts.push(...bodyConflicts(pair.pageId, base(), docs.load(pair.main), docs.load(pair.changeRequest)));
    }
  }
  const tree = ways.find((way) => way.pair.pageId === undefined);
  if (tree && (tree.main.changed || tree.changeRequest.changed)) {
    const [base, main, changeRequest] = [tree.base(), docs.load(tree.pair.main), docs.load(tree.pair.changeRequest)].map(readPageTree);
    conflicts.push(...treeConflicts(base!, main!, changeRequest!, bodies));
  }
  return conflicts;
}

/** The target's tree with the incoming changes, repaired, written as one update. */
function applyToTree(docs: DocStore, way: ThreeWay, target: string, incoming: Uint8Array): Conflict[] {
  const merged = new Y.Doc();
  Y.applyUpdate(merged, Y.encodeStateAsUpdate(docs.load(target)));
  const before = Y.encodeStateVector(merged);
  Y.applyUpdate(merged, incoming);
  const repairs = repairTree(merged, readPageTree(docs.load(way.pair.main)), readPageTree(way.base()));
  written(docs.append(target, Y.encodeStateAsUpdate(merged, before)));
  return repairs;
}

/** Our own updates always decode and our forks exist: a refusal here is a bug, not a request to refuse. */
function written(result: { ok: true } | { ok: false; problem: { message: string } }): void {
  if (!result.ok) throw new Error(result.problem.message);
}
