import * as Y from 'yjs';
import { BODY_FRAGMENT, blockIndex, readBody } from '../../../../../src-shared/content/yjs.js';
import type { Branch } from '../../../../../src-shared/sync/doc-names.js';
import { blockConflicts, blocksToRetake, type BlockIndex } from './block-conflicts.js';
import { blockSide } from './conflict-sides.js';
import { otherSide, type Conflict, type Side } from './conflicts.js';
import type { DocWrite, MergeReads } from './merge-reads.js';
import { blocksFromSides, setBlocks } from './set-blocks.js';
import { docIdOf, holdsMainsLater, once, type ThreeWay } from './three-way.js';
import { blockItems, takenWhereUnreached, touchedElements } from './touched-elements.js';

/** The side whose changes a merge or an update carries over, and the branch its projection rows are under. */
export interface Incoming {
  spaceId: string;
  side: Side;
  branch: Branch;
}

/** One doc's part of a pull: what our rule finds, and the write, made only if the caller goes on (none: nothing to write, or a merge that conflicts). */
export interface PlannedWrite {
  conflicts: Conflict[];
  write?: DocWrite;
}

/**
 * Plans carrying what the incoming side changed in a page body since the base over to the other
 * side's doc, reading everything first and writing nothing. Block hashes are compared only when a
 * block of the base was reached by both sides' changes (`touchedElements`); most pages both sides
 * edited were edited in different blocks, and Yjs merges those exactly. They are compared too
 * when the change request deletes items main wrote after the base (a later copy's, which it no
 * longer shows): Yjs would delete them from main, and the block takes main's version back.
 *
 * Where both sides reached a block, the merged body is checked block by block against the three
 * versions: a block both changed differently is a conflict; one Yjs merged into something neither
 * side holds takes back the version of the side that changed it (`blocksToRetake`). With `record`
 * (an update), a conflicting block keeps the change request's version, and the conflict carries
 * the three versions; without it (a merge) the caller refuses.
 *
 * The write lends the projector the body as merged, so that it loads nothing: when the target did
 * not change the page, the incoming side's body, whose rows that side's projection already holds;
 * otherwise the merged body built here.
 */
export function planPage(docs: MergeReads, way: ThreeWay, incoming: Incoming, record: boolean): PlannedWrite {
  const into = otherSide(incoming.side);
  const target = docIdOf(way.pair, into);
  const pageId = way.pair.pageId!;
  if (!way.changed(into)) {
    // Read when written (the incoming side's doc is not the one written to): a refused merge never reads it.
    return {
      conflicts: [],
      write: { docId: target, update: () => way.since(incoming.side).update, lend: { bodyOf: { spaceId: incoming.spaceId, branch: incoming.branch, pageId } } },
    };
  }
  const update = way.since(incoming.side).update;
  const merged = way.newBase({ gc: false });
  const blocks = blockItems(merged);
  const baseDeletions = Y.createDeleteSetFromStructStore(merged.store);
  const changes = [way.since(into).update, update];
  for (const change of changes) Y.applyUpdate(merged, change);
  const [ours, theirs] = changes.map((change) => touchedElements(merged, change, baseDeletions));
  const reachedByBoth = !ours || !theirs || [...blocks.values()].some((item) => ours.has(item) && theirs.has(item)) || way.hidesMainsLater();
  let appended = update;
  const conflicts: Conflict[] = [];
  if (reachedByBoth) {
    const versions = { base: way.newBase(), main: docs.load(way.pair.main), changeRequest: docs.load(way.pair.changeRequest) };
    const [base, main, held] = [versions.base, versions.main, versions.changeRequest].map(blockIndex) as [
      Map<string, string>, Map<string, string>, Map<string, string>,
    ];
    const changeRequest = asChangeRequestChanged(docs, way, versions, merged, base, held);
    conflicts.push(...blockConflicts(pageId, base, main, changeRequest));
    // A merge with conflicts writes nothing: what it would have retaken does not matter.
    if (!record && conflicts.length > 0) return { conflicts };
    const retake = blocksToRetake(base, main, changeRequest, blockIndex(merged), duplicatedBlocks(merged));
    const bodies = once(() => ({ main: readBody(versions.main), 'change-request': readBody(versions.changeRequest) }));
    if (record) {
      const baseBody = conflicts.length > 0 ? readBody(versions.base) : undefined;
      for (const conflict of conflicts) {
        if (conflict.kind !== 'block') continue;
        const { main, 'change-request': changeRequest } = bodies();
        conflict.sides = {
          base: blockSide(baseBody!, conflict.blockId),
          main: blockSide(main, conflict.blockId),
          changeRequest: blockSide(changeRequest, conflict.blockId),
        };
        retake.set(conflict.blockId, 'change-request');
      }
    }
    if (retake.size > 0) {
      const before = Y.encodeStateVector(merged);
      const written = setBlocks(merged, blocksFromSides(retake, bodies()));
      // Every node placed comes from a body of the same schema: a refusal here is a bug, not bad input.
      if (!written.ok) throw new Error(`page ${pageId}: the merged body does not fit the schema (${written.error.kind})`);
      appended = Y.mergeUpdates([update, Y.encodeStateAsUpdate(merged, before)]);
    }
  }
  return { conflicts, write: { docId: target, update: appended, lend: { body: merged } } };
}

/**
 * The change request's blocks as it changed them: a block its own changes (the structs main has
 * not got, the deletions main has not made) never reached reads as the base has it. Such a block
 * holds an earlier version of main's: where the change request was written on a copy of main
 * later than its base, main's change between the copies (docs/sync.md, "Fork bases"). Judged as
 * the change request's own, main changing that block again was a conflict no writer made.
 * Looked at only when the change request holds structs main wrote past the base (a later copy's);
 * otherwise, and where the doc cannot tell where a change sits, the blocks as held.
 */
function asChangeRequestChanged(
  docs: MergeReads,
  way: ThreeWay,
  versions: { base: Y.Doc; main: Y.Doc; changeRequest: Y.Doc },
  merged: Y.Doc,
  base: BlockIndex,
  held: Map<string, string>,
): BlockIndex {
  const stateOf = (docId: string) => Y.decodeStateVector(docs.stateVector(docId));
  if (!way.baseState || !holdsMainsLater(stateOf(way.pair.changeRequest), stateOf(way.pair.main), way.baseState)) return held;
  const own = docs.diff(way.pair.changeRequest, Y.encodeStateVector(versions.main));
  if (!own.ok) throw new Error(own.problem.message);
  const touched = touchedElements(merged, own.update, Y.createDeleteSetFromStructStore(versions.main.store));
  if (!touched) return held;
  const [items, baseItems] = [blockItems(versions.changeRequest), blockItems(versions.base)];
  return takenWhereUnreached(held, base, (blockId) => {
    const item = items.get(blockId) ?? baseItems.get(blockId);
    return item === undefined || touched.has(item);
  });
}

/** Block ids a body holds more than once (each side moved a block: two copies of it). */
function duplicatedBlocks(doc: Y.Doc): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  const visit = (element: Y.XmlElement) => {
    const id = element.getAttribute('id');
    if (typeof id === 'string') (seen.has(id) ? twice : seen).add(id);
    for (const child of element.toArray()) if (child instanceof Y.XmlElement) visit(child);
  };
  for (const child of doc.getXmlFragment(BODY_FRAGMENT).toArray()) if (child instanceof Y.XmlElement) visit(child);
  return twice;
}
