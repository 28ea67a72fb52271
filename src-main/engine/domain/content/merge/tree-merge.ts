import * as Y from 'yjs';
import type { PmNodeJson } from '../../../../../src-shared/content/pm-json.js';
import { watchTree } from '../tree-watch.js';
import { valueSide } from './conflict-sides.js';
import { otherSide, type Conflict, type ConflictSide, type Side } from './conflicts.js';
import type { MergeReads } from './merge-reads.js';
import type { PlannedWrite } from './page-merge.js';
import { PAGES, readPageTree, type PageFields, type PageTree } from './page-tree.js';
import { docIdOf, holdsMainsLater, type ThreeWay } from './three-way.js';
import { takenWhereUnreached, touchedEntries } from './touched-elements.js';
import { treeConflicts, type BodyEdited } from './tree-conflicts.js';
import { repairTree } from './tree-repair.js';

/** A page's body on a side, or at the base, for the sides of a page deleted on one side. */
export type PageBodyOf = (version: Side | 'base', pageId: string) => PmNodeJson;

const NOTHING: PlannedWrite = { conflicts: [] };

/**
 * Plans the tree's part of a pull, reading everything first: the conflicts when either side
 * changed it (a body edit counts against a page the other side deleted), then the incoming changes
 * applied to the target's tree and repaired, to be written as one update. With `record` (an
 * update), each page field and page that conflicts keeps the change request's version, and the
 * conflict carries the three versions. The target's tree is built once, from the base (which the
 * comparison reads anyway) and the target's changes, rather than copied from the store; the write
 * lends it to the projector with the pages the incoming changes and the repair touched. A merge
 * that conflicts prepares no write.
 */
export function planTree(docs: MergeReads, tree: ThreeWay, into: Side, bodyEdited: BodyEdited, bodyOf: PageBodyOf, record: boolean): PlannedWrite {
  const from = otherSide(into);
  const incoming = tree.since(from);
  const targetChanged = tree.changed(into);
  if (!incoming.changed && !targetChanged) return NOTHING;
  const merged = tree.newBase();
  const base = readPageTree(merged);
  if (targetChanged) Y.applyUpdate(merged, tree.since(into).update);
  const [intoTree, fromTree] = [targetChanged ? readPageTree(merged) : base, readPageTree(docs.load(docIdOf(tree.pair, from)))];
  const [main, held] = into === 'main' ? [intoTree, fromTree] : [fromTree, intoTree];
  const changeRequest = asChangeRequestChanged(docs, tree, base, held);
  const conflicts = treeConflicts(base, main, changeRequest, bodyEdited);
  if (!incoming.changed) return { conflicts };
  if (!record && conflicts.length > 0) return { conflicts };
  const before = Y.encodeStateVector(merged);
  const changes = watchTree(merged);
  Y.applyUpdate(merged, incoming.update);
  if (record) keepChangeRequest(merged, conflicts, { base, main, changeRequest }, bodyOf);
  conflicts.push(...repairTree(merged, main, base));
  const update = Y.encodeStateAsUpdate(merged, before);
  return { conflicts, write: { docId: docIdOf(tree.pair, into), update, lend: { tree: merged, changes } } };
}

/**
 * The change request's pages as it changed them: a page its own changes (the structs main has not
 * got, the deletions neither main nor the base has made) never reached reads as the base has it.
 * Such a page holds main's fields from after the base, which a later copy of main brought (a tree
 * first written on two copies: docs/sync.md, "Fork bases"); judged as the change request's own,
 * main changing one of them again was a conflict no writer made (`asChangeRequestChanged` of
 * page-merge.ts, for the tree). Only where the change request holds main's structs from after the
 * base; otherwise, and where the doc cannot tell where a change sits, the pages as held.
 */
function asChangeRequestChanged(docs: MergeReads, tree: ThreeWay, base: PageTree, held: PageTree): PageTree {
  const { pair, baseState } = tree;
  const stateOf = (docId: string) => Y.decodeStateVector(docs.stateVector(docId));
  if (!baseState || !holdsMainsLater(stateOf(pair.changeRequest), stateOf(pair.main), baseState)) return held;
  const own = docs.diff(pair.changeRequest, docs.stateVector(pair.main));
  if (!own.ok) throw new Error(own.problem.message);
  const deletions = Y.mergeDeleteSets([Y.createDeleteSetFromStructStore(tree.newBase().store), Y.createDeleteSetFromStructStore(docs.load(pair.main).store)]);
  const reached = touchedEntries(docs.load(pair.changeRequest), own.update, deletions, [PAGES]);
  return reached ? takenWhereUnreached(held, base, (pageId) => reached.has(`${PAGES}/${pageId}`)) : held;
}

/**
 * Gives each conflicting page field, and each page deleted on one side and edited on the other,
 * the change request's version in the merged tree, and records the three versions on the conflict.
 */
function keepChangeRequest(merged: Y.Doc, conflicts: Conflict[], trees: Record<'base' | 'main' | 'changeRequest', PageTree>, bodyOf: PageBodyOf): void {
  const pages = merged.getMap<Y.Map<unknown>>(PAGES);
  merged.transact(() => {
    for (const conflict of conflicts) {
      const pick = (version: keyof typeof trees) => trees[version].get(conflict.pageId);
      if (conflict.kind === 'page-field') {
        const field = conflict.field;
        conflict.sides = { base: valueSide(pick('base')?.[field]), main: valueSide(pick('main')?.[field]), changeRequest: valueSide(pick('changeRequest')?.[field]) };
        const kept = pick('changeRequest')?.[field];
        const page = pages.get(conflict.pageId);
        if (kept === undefined) page?.delete(field);
        else page?.set(field, kept);
      }
      if (conflict.kind === 'page-deleted') {
        const side = (version: Side | 'base', fields: PageFields | undefined): ConflictSide | null =>
          fields ? { value: fields, body: bodyOf(version, conflict.pageId) } : null;
        conflict.sides = {
          base: side('base', pick('base')),
          main: side('main', pick('main')),
          changeRequest: side('change-request', pick('changeRequest')),
        };
        const kept = pick('changeRequest');
        if (!kept) pages.delete(conflict.pageId);
        else if (!pages.has(conflict.pageId)) pages.set(conflict.pageId, new Y.Map(Object.entries(kept)));
      }
    }
  });
}
