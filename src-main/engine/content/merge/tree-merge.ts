import * as Y from 'yjs';
import type { DocStore } from '../../docs/store.js';
import type { Projector } from '../projector.js';
import { watchTree } from '../tree-watch.js';
import { otherSide, type Conflict, type Side } from './conflicts.js';
import { ownWrite } from './own-writes.js';
import { readPageTree } from './page-tree.js';
import { docIdOf, type ThreeWay } from './three-way.js';
import { treeConflicts, type BodyEdited } from './tree-conflicts.js';
import { repairTree } from './tree-repair.js';

/**
 * The tree's conflicts when either side changed it (a body edit counts against a page the other
 * side deleted), then the incoming changes applied to the target's tree, repaired and written as
 * one update. The target's tree is built once, from the base (which the comparison reads anyway)
 * and the target's changes, rather than copied from the store; the projector is lent it with the
 * pages the incoming changes and the repair touched, so that only their rows are rewritten.
 */
export function mergeTrees(docs: DocStore, tree: ThreeWay, into: Side, bodyEdited: BodyEdited, projector?: Projector): Conflict[] {
  const from = otherSide(into);
  const incoming = tree.since(from);
  const targetChanged = tree.changed(into);
  if (!incoming.changed && !targetChanged) return [];
  const merged = tree.newBase();
  const base = readPageTree(merged);
  if (targetChanged) Y.applyUpdate(merged, tree.since(into).update);
  const [intoTree, fromTree] = [targetChanged ? readPageTree(merged) : base, readPageTree(docs.load(docIdOf(tree.pair, from)))];
  const [main, changeRequest] = into === 'main' ? [intoTree, fromTree] : [fromTree, intoTree];
  const conflicts = treeConflicts(base, main, changeRequest, bodyEdited);
  if (!incoming.changed) return conflicts;
  const before = Y.encodeStateVector(merged);
  const changes = watchTree(merged);
  Y.applyUpdate(merged, incoming.update);
  conflicts.push(...repairTree(merged, main, base));
  const target = docIdOf(tree.pair, into);
  const { seq } = ownWrite(docs.append(target, Y.encodeStateAsUpdate(merged, before)));
  projector?.lend(target, seq, merged, changes);
  return conflicts;
}
