import type { PmNodeJson } from '../../../../../src-shared/content/pm-json.js';
import { readBody } from '../../../../../src-shared/content/yjs.js';
import type { DocStore } from '../../../core/docs/store.js';
import type { Projector } from '../projector.js';
import { writeDoc, type DocWrite, type MergeReads } from './merge-reads.js';
import { MAIN, changeRequestBranch, pageDoc } from '../../../../../src-shared/sync/doc-names.js';
import { writtenPairs } from './branch-docs.js';
import { otherSide, type Conflict, type Side } from './conflicts.js';
import { ownWrite } from './own-writes.js';
import { planPage } from './page-merge.js';
import { threeWay, type ThreeWay } from './three-way.js';
import type { BodyEdited } from './tree-conflicts.js';
import { planTree, type PageBodyOf } from './tree-merge.js';

/** `merge` carries a change request's changes into main; `update` carries main's into the change request. */
export type Direction = 'merge' | 'update';

/** A pull read and judged, not yet written. */
export interface PullPlan {
  conflicts: Conflict[];
  /** The docs it writes, the tree first; none where it conflicts (a merge then refuses). */
  writes: DocWrite[];
  /** The change request's docs whose fork base moves to main as it is now (an update). */
  movedBases: string[];
}

/**
 * Reads one side's changes since the fork base and judges them against the other side's by our
 * rule (docs/content-design.md, "Merge"), writing nothing: a merge with conflicts must leave main
 * as it was, so the caller applies the plan (`applyPull`) only when it goes on. For an update the
 * plan keeps the change request's version of every conflicting place, with the conflicts' three
 * versions; applied, it then moves the change request's fork bases to main as it is now. `docs`
 * is the store, or a worker's copy of the bytes a merge reads (merge-plan.ts).
 */
export function planPull(docs: MergeReads, spaceId: string, changeRequestId: string, direction: Direction): PullPlan {
  const record = direction === 'update';
  const into: Side = direction === 'merge' ? 'main' : 'change-request';
  const from = otherSide(into);
  const ways = writtenPairs(docs, spaceId, changeRequestId).map((pair) => threeWay(docs, pair));
  const pages = ways.filter((way) => way.pair.pageId !== undefined && way.changed(from));
  const tree = ways.find((way) => way.pair.pageId === undefined);
  const incoming = { spaceId, side: from, branch: from === 'main' ? MAIN : changeRequestBranch(changeRequestId) };
  // Pages first: a merge one of them refuses answers the same whatever the tree holds, so it reads
  // no tree (an update reads it for every conflict to record). The tree is written first.
  const pagePlans = pages.map((way) => planPage(docs, way, incoming, record));
  const refused = !record && pagePlans.some((plan) => plan.conflicts.length > 0);
  const treePlan = tree && !refused ? planTree(docs, tree, into, bodyEditedIn(ways), bodyReader(docs, spaceId, changeRequestId, ways), record) : undefined;
  const planned = [...(treePlan ? [treePlan] : []), ...pagePlans];
  return {
    conflicts: planned.flatMap((part) => part.conflicts),
    writes: planned.flatMap((part) => (part.write ? [part.write] : [])),
    movedBases: record ? ways.filter((way) => way.since('main').changed).map((way) => way.pair.changeRequest) : [],
  };
}

/**
 * Writes a plan inside the caller's transaction. What it writes is lent to `projector`, when the
 * caller has one, so that it loads nothing again.
 */
export function applyPull(docs: DocStore, plan: Pick<PullPlan, 'writes' | 'movedBases'>, projector?: Projector): void {
  for (const write of plan.writes) writeDoc(docs, write, projector);
  for (const docId of plan.movedBases) ownWrite(docs.moveForkBase(docId));
}

/** An update: main's changes pulled into the change request, conflicts or not (it keeps its own version of those). */
export function pullFromMain(docs: DocStore, spaceId: string, changeRequestId: string, projector?: Projector): Conflict[] {
  const plan = planPull(docs, spaceId, changeRequestId, 'update');
  applyPull(docs, plan, projector);
  return plan.conflicts;
}

function bodyEditedIn(ways: ThreeWay[]): BodyEdited {
  const byPage = new Map(ways.filter((way) => way.pair.pageId !== undefined).map((way) => [way.pair.pageId!, way]));
  return (side, pageId) => byPage.get(pageId)?.changed(side) ?? false;
}

/** A page's body on either side or at the base, read before anything is written. */
function bodyReader(docs: MergeReads, spaceId: string, changeRequestId: string, ways: ThreeWay[]): PageBodyOf {
  const byPage = new Map(ways.filter((way) => way.pair.pageId !== undefined).map((way) => [way.pair.pageId!, way]));
  return (version, pageId): PmNodeJson => {
    const way = byPage.get(pageId);
    // A body the change request never wrote is main's, unchanged since the fork on both sides.
    if (version === 'base') return readBody(way ? way.newBase() : docs.load(pageDoc(spaceId, MAIN, pageId)));
    const branch = version === 'main' || !way ? MAIN : changeRequestBranch(changeRequestId);
    return readBody(docs.load(pageDoc(spaceId, branch, pageId)));
  };
}
