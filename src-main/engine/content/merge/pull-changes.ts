import type { DocStore } from '../../docs/store.js';
import type { Projector } from '../projector.js';
import { MAIN, changeRequestBranch } from '../../revisions/doc-names.js';
import { writtenPairs } from './branch-docs.js';
import { otherSide, type Conflict, type Side } from './conflicts.js';
import { ownWrite } from './own-writes.js';
import { pullPage } from './page-merge.js';
import { threeWay, type ThreeWay } from './three-way.js';
import type { BodyEdited } from './tree-conflicts.js';
import { mergeTrees } from './tree-merge.js';

/** `merge` carries a change request's changes into main; `update` carries main's into the change request. */
export type Direction = 'merge' | 'update';

/**
 * Applies one side's changes since the fork base to the other side's docs, inside the caller's
 * transaction, and answers the conflicts our rule finds (docs/content-design.md, "Merge"). Yjs
 * merges every doc; the page tree is then repaired (cycles keep main's parents). An update then
 * moves the change request's fork bases to main as it is now. What it writes is lent to the
 * projector following `docs`, when there is one, so that it loads nothing again.
 */
export function pullChanges(docs: DocStore, spaceId: string, changeRequestId: string, direction: Direction, projector?: Projector): Conflict[] {
  const into: Side = direction === 'merge' ? 'main' : 'change-request';
  const from = otherSide(into);
  const ways = writtenPairs(docs, spaceId, changeRequestId).map((pair) => threeWay(docs, pair));
  const pages = ways.filter((way) => way.pair.pageId !== undefined && way.since(from).changed);
  const tree = ways.find((way) => way.pair.pageId === undefined);
  // The tree first: which bodies each side edited is read before any body is written to.
  const inTree = tree ? mergeTrees(docs, tree, into, bodyEditedIn(ways), projector) : [];
  const incoming = { spaceId, side: from, branch: from === 'main' ? MAIN : changeRequestBranch(changeRequestId) };
  const conflicts = [...pages.flatMap((way) => pullPage(docs, way, incoming, projector)), ...inTree];
  if (direction === 'update') {
    for (const way of ways) if (way.since('main').changed) ownWrite(docs.moveForkBase(way.pair.changeRequest));
  }
  return conflicts;
}

function bodyEditedIn(ways: ThreeWay[]): BodyEdited {
  const byPage = new Map(ways.filter((way) => way.pair.pageId !== undefined).map((way) => [way.pair.pageId!, way]));
  return (side, pageId) => byPage.get(pageId)?.changed(side) ?? false;
}
