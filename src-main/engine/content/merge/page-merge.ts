import * as Y from 'yjs';
import { blockIndex } from '../../../../src-shared/content/yjs.js';
import type { DocStore } from '../../docs/store.js';
import type { Branch } from '../../revisions/doc-names.js';
import { projectorOf } from '../projector.js';
import { blockConflicts } from './block-conflicts.js';
import { otherSide, type Conflict, type Side } from './conflicts.js';
import { ownWrite } from './own-writes.js';
import { docIdOf, type ThreeWay } from './three-way.js';

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
 * from the base and each side's changes, and is the doc whose block indexes are compared.
 */
export function pullPage(docs: DocStore, way: ThreeWay, incoming: Incoming): Conflict[] {
  const into = otherSide(incoming.side);
  const target = docIdOf(way.pair, into);
  const pageId = way.pair.pageId!;
  const update = way.since(incoming.side).update;
  if (!way.changed(into)) {
    const { seq } = ownWrite(docs.append(target, update));
    projectorOf(docs)?.lendBodyOf(target, seq, { spaceId: incoming.spaceId, branch: incoming.branch, pageId });
    return [];
  }
  const merged = way.newBase();
  const base = blockIndex(merged);
  Y.applyUpdate(merged, way.since(into).update);
  const targets = blockIndex(merged);
  const theirs = blockIndex(docs.load(docIdOf(way.pair, incoming.side)));
  Y.applyUpdate(merged, update);
  const { seq } = ownWrite(docs.append(target, update));
  projectorOf(docs)?.lendBody(target, seq, merged);
  return into === 'main' ? blockConflicts(pageId, base, targets, theirs) : blockConflicts(pageId, base, theirs, targets);
}
