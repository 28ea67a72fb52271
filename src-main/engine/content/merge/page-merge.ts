import * as Y from 'yjs';
import { blockIndex } from '../../../../src-shared/content/yjs.js';
import type { DocStore } from '../../docs/store.js';
import type { Branch } from '../../revisions/doc-names.js';
import type { Projector } from '../projector.js';
import { blockConflicts } from './block-conflicts.js';
import { otherSide, type Conflict, type Side } from './conflicts.js';
import { ownWrite } from './own-writes.js';
import { docIdOf, type ThreeWay } from './three-way.js';
import { blockItems, touchedElements } from './touched-elements.js';

/** The side whose changes a merge or an update carries over, and the branch its projection rows are under. */
export interface Incoming {
  spaceId: string;
  side: Side;
  branch: Branch;
}

/**
 * Appends what the incoming side changed in a page body since the base to the other side's doc,
 * and answers the blocks both sides changed. The projector is lent the body as merged, so that it
 * loads nothing: when the target did not change the page, the result is the incoming side's body,
 * whose rows that side's projection already holds; otherwise the merged body is built here, once,
 * from the base and each side's changes. Block hashes are compared only when a block of the base
 * was reached by both sides' changes (`touchedElements`); most pages both sides edited were
 * edited in different blocks.
 */
export function pullPage(docs: DocStore, way: ThreeWay, incoming: Incoming, projector?: Projector): Conflict[] {
  const into = otherSide(incoming.side);
  const target = docIdOf(way.pair, into);
  const update = way.since(incoming.side).update;
  if (!way.changed(into)) {
    const { seq } = ownWrite(docs.append(target, update));
    projector?.lendBodyOf(target, seq, { spaceId: incoming.spaceId, branch: incoming.branch, pageId: way.pair.pageId! });
    return [];
  }
  const merged = way.newBase({ gc: false });
  const blocks = blockItems(merged);
  const baseDeletions = Y.createDeleteSetFromStructStore(merged.store);
  const changes = [way.since(into).update, update];
  for (const change of changes) Y.applyUpdate(merged, change);
  const [ours, theirs] = changes.map((change) => touchedElements(merged, change, baseDeletions));
  const reachedByBoth = !ours || !theirs || [...blocks.values()].some((item) => ours.has(item) && theirs.has(item));
  const conflicts = reachedByBoth ? compareBlocks(docs, way) : [];
  const { seq } = ownWrite(docs.append(target, update));
  projector?.lendBody(target, seq, merged);
  return conflicts;
}

/** The block conflicts of a page, from the block indexes of its three versions; before either side's doc is written to. */
function compareBlocks(docs: DocStore, way: ThreeWay): Conflict[] {
  const { pageId, main, changeRequest } = way.pair;
  return blockConflicts(pageId!, blockIndex(way.newBase()), blockIndex(docs.load(main)), blockIndex(docs.load(changeRequest)));
}
