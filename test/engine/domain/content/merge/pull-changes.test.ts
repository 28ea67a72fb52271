import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Conflict, ConflictSide } from '../../../../../src-main/engine/domain/content/merge/conflicts.js';
import { planPullFromBytes, readPull } from '../../../../../src-main/engine/domain/content/merge/merge-plan.js';
import { applyPull, planPull, type Direction, type PullPlan } from '../../../../../src-main/engine/domain/content/merge/pull-changes.js';
import type { DocStore } from '../../../../../src-main/engine/core/docs/store.js';
import { MAIN, branchDocPrefix, changeRequestBranch, pageDoc, treeDoc } from '../../../../../src-shared/sync/doc-names.js';
import { readBody } from '../../../../../src-shared/content/yjs.js';
import { Stores } from '../../../core/docs/fixture.js';
import { editTree, treeOf, writePage } from '../../../../support/yjs-edits.js';
import { paragraphs } from './bodies.js';

const SPACE = 's1';
const CR = changeRequestBranch('c1');

let stores: Stores;
let docs: DocStore;
beforeEach(() => {
  stores = new Stores();
  docs = stores.open().store;
  editTree(docs, SPACE, MAIN, { a: { position: 'a0' }, b: { position: 'a1' }, c: { parent: 'a' } });
  for (const pageId of ['a', 'b', 'c']) writePage(docs, SPACE, MAIN, pageId, paragraphs({ [`${pageId}1`]: 'one', [`${pageId}2`]: 'two' }));
  docs.forkBranch(branchDocPrefix(SPACE, MAIN), branchDocPrefix(SPACE, CR));
});
afterEach(() => stores.close());

/** Block id → text of a page body on a branch. */
function blocks(branch: typeof MAIN, pageId: string): Record<string, string> {
  const body = readBody(docs.load(pageDoc(SPACE, branch, pageId)));
  return Object.fromEntries((body.content ?? []).map((block) => [block.attrs!.id, (block.content ?? []).map((t) => t.text).join('')]));
}

/** Where a pull is planned: on the store, or from the bytes a worker is given (`planPullFromBytes`, as the API plans a large one). */
let plannedFrom: 'store' | 'bytes' = 'store';

function plan(direction: Direction): Pick<PullPlan, 'conflicts' | 'writes' | 'movedBases'> {
  if (plannedFrom === 'store') return planPull(docs, SPACE, 'c1', direction);
  try {
    return planPullFromBytes({ ...readPull(docs, SPACE, 'c1').input, direction });
  } catch (error) {
    // As the API does: an update that reads a doc the read did not foresee (main's body of a page the change request deleted) is planned on the store.
    expect(direction === 'update' && String(error)).toMatch(/the pull read no bytes of/);
    return planPull(docs, SPACE, 'c1', direction);
  }
}

/** A merge as the API makes it: applied only when nothing conflicts. */
function merge(): Conflict[] {
  const planned = plan('merge');
  if (planned.conflicts.length === 0) applyPull(docs, planned);
  return planned.conflicts;
}

/** An update as the API makes it: applied, conflicts or not. */
function pullIn(): Conflict[] {
  const planned = plan('update');
  applyPull(docs, planned);
  return planned.conflicts;
}
const update = () => pullIn().map(({ sides: _sides, ...conflict }) => conflict);

/** Main's docs, to see that a refused merge left them as they were. */
const mainState = () => ['a', 'b', 'c'].map((pageId) => docs.stateVector(pageDoc(SPACE, MAIN, pageId))).concat(docs.stateVector(treeDoc(SPACE, MAIN)));

describe.each(['store', 'bytes'] as const)('merging a change request into main, planned from the %s', (from) => {
  beforeEach(() => {
    plannedFrom = from;
  });
  afterEach(() => {
    plannedFrom = 'store';
  });

  it('carries its edits over when the two sides changed different pages and blocks', () => {
    writePage(docs, SPACE, MAIN, 'a', paragraphs({ a1: 'one (main)', a2: 'two' }));
    writePage(docs, SPACE, CR, 'a', paragraphs({ a1: 'one', a2: 'two (cr)' }));
    writePage(docs, SPACE, CR, 'b', paragraphs({ b1: 'one', b2: 'two', b3: 'three (cr)' }));
    expect(merge()).toEqual([]);
    expect(blocks(MAIN, 'a')).toEqual({ a1: 'one (main)', a2: 'two (cr)' });
    expect(blocks(MAIN, 'b')).toEqual({ b1: 'one', b2: 'two', b3: 'three (cr)' });
    expect(blocks(MAIN, 'c')).toEqual({ c1: 'one', c2: 'two' });
  });

  it('reports a block edited on both sides, and writes nothing to main', () => {
    writePage(docs, SPACE, MAIN, 'a', paragraphs({ a1: 'one main', a2: 'two' }));
    writePage(docs, SPACE, CR, 'a', paragraphs({ a1: 'cr one', a2: 'two' }));
    const before = mainState();
    expect(merge()).toEqual([{ kind: 'block', pageId: 'a', blockId: 'a1' }]);
    expect(mainState()).toEqual(before);
    expect(blocks(MAIN, 'a').a1).toBe('one main');
  });

  it('lands a rewrite both sides made the same way once, not twice as Yjs merges it', () => {
    writePage(docs, SPACE, MAIN, 'a', paragraphs({ a1: 'Tip: back up every day.', a2: 'two' }));
    writePage(docs, SPACE, CR, 'a', paragraphs({ a1: 'Tip: back up every day.', a2: 'two (cr)' }));
    expect(merge()).toEqual([]);
    expect(blocks(MAIN, 'a')).toEqual({ a1: 'Tip: back up every day.', a2: 'two (cr)' });
  });

  it("keeps the change request's edit of a block main moved", () => {
    writePage(docs, SPACE, MAIN, 'a', paragraphs({ a2: 'two', a1: 'one' }));
    writePage(docs, SPACE, CR, 'a', paragraphs({ a1: 'one, edited', a2: 'two' }));
    expect(merge()).toEqual([]);
    expect(readBody(docs.load(pageDoc(SPACE, MAIN, 'a'))).content!.map((block) => [block.attrs!.id, block.content![0]!.text])).toEqual([
      ['a2', 'two'],
      ['a1', 'one, edited'],
    ]);
  });

  it('reports a block deleted on main and edited in the change request, and the other way round', () => {
    writePage(docs, SPACE, MAIN, 'a', paragraphs({ a2: 'two' }));
    writePage(docs, SPACE, CR, 'a', paragraphs({ a1: 'one, edited', a2: 'two' }));
    writePage(docs, SPACE, MAIN, 'b', paragraphs({ b1: 'one, edited', b2: 'two' }));
    writePage(docs, SPACE, CR, 'b', paragraphs({ b2: 'two' }));
    expect(merge()).toEqual([
      { kind: 'block', pageId: 'a', blockId: 'a1', deletedOn: 'main' },
      { kind: 'block', pageId: 'b', blockId: 'b1', deletedOn: 'change-request' },
    ]);
  });

  it('brings pages both sides added or moved, and a page only the change request has', () => {
    editTree(docs, SPACE, MAIN, { m: { parent: 'b' }, c: { parent: 'b' } });
    editTree(docs, SPACE, CR, { n: { parent: 'a' }, b: { parent: 'a' } });
    writePage(docs, SPACE, CR, 'n', paragraphs({ n1: 'new page' }));
    expect(merge()).toEqual([]);
    const tree = treeOf(docs, SPACE, MAIN);
    expect(Object.fromEntries(Object.entries(tree).map(([id, page]) => [id, page.parent]))).toEqual({
      a: null, b: 'a', c: 'b', m: 'b', n: 'a',
    });
    expect(blocks(MAIN, 'n')).toEqual({ n1: 'new page' });
  });

  it("refuses a move that would make a cycle; an update gives the page main's parent back", () => {
    editTree(docs, SPACE, MAIN, { a: { parent: 'b' } });
    editTree(docs, SPACE, CR, { b: { parent: 'c' } });
    expect(merge()).toEqual([{ kind: 'cycle', pageId: 'b' }]);
    expect(treeOf(docs, SPACE, MAIN).b!.parent).toBeNull();
    expect(update()).toEqual([{ kind: 'cycle', pageId: 'b' }]);
    expect(merge()).toEqual([]);
    expect(treeOf(docs, SPACE, MAIN).b!.parent).toBeNull();
    expect(treeOf(docs, SPACE, MAIN).a!.parent).toBe('b');
  });

  it('reports a page deleted on one side and edited on the other', () => {
    editTree(docs, SPACE, MAIN, { c: null });
    writePage(docs, SPACE, CR, 'c', paragraphs({ c1: 'one, edited', c2: 'two' }));
    editTree(docs, SPACE, CR, { b: null });
    editTree(docs, SPACE, MAIN, { b: { title: 'B!' } });
    expect(merge()).toEqual([
      { kind: 'page-deleted', pageId: 'b', deletedOn: 'change-request' },
      { kind: 'page-deleted', pageId: 'c', deletedOn: 'main' },
    ]);
    expect(Object.keys(treeOf(docs, SPACE, MAIN)).sort()).toEqual(['a', 'b']);
    // An update keeps the change request's side of each: b stays deleted there, c comes back.
    expect(update()).toHaveLength(2);
    expect(Object.keys(treeOf(docs, SPACE, CR)).sort()).toEqual(['a', 'c']);
    expect(blocks(CR, 'c')).toEqual({ c1: 'one, edited', c2: 'two' });
  });

  it('reports a page main deleted and the change request edited, when it left the tree alone', () => {
    editTree(docs, SPACE, MAIN, { c: null });
    writePage(docs, SPACE, CR, 'c', paragraphs({ c1: 'one, edited', c2: 'two' }));
    expect(merge()).toEqual([{ kind: 'page-deleted', pageId: 'c', deletedOn: 'main' }]);
    expect(Object.keys(treeOf(docs, SPACE, MAIN)).sort()).toEqual(['a', 'b']);
    expect(update()).toEqual([{ kind: 'page-deleted', pageId: 'c', deletedOn: 'main' }]);
    expect(treeOf(docs, SPACE, CR).c).toMatchObject({ parent: 'a', title: 'c' });
  });

  it('changes nothing when the change request changed nothing', () => {
    writePage(docs, SPACE, MAIN, 'a', paragraphs({ a1: 'main' }));
    const before = docs.stateVector(pageDoc(SPACE, MAIN, 'a'));
    expect(merge()).toEqual([]);
    expect(docs.stateVector(pageDoc(SPACE, MAIN, 'a'))).toEqual(before);
  });
});

describe.each(['store', 'bytes'] as const)('updating a change request from main, planned from the %s', (from) => {
  beforeEach(() => {
    plannedFrom = from;
  });
  afterEach(() => {
    plannedFrom = 'store';
  });

  it('pulls main in, then a merge carries only what the change request did since', () => {
    writePage(docs, SPACE, MAIN, 'a', paragraphs({ a1: 'one (main)', a2: 'two' }));
    editTree(docs, SPACE, MAIN, { m: { parent: null } });
    writePage(docs, SPACE, CR, 'a', paragraphs({ a1: 'one', a2: 'two (cr)' }));
    expect(update()).toEqual([]);
    expect(blocks(CR, 'a')).toEqual({ a1: 'one (main)', a2: 'two (cr)' });
    expect(Object.keys(treeOf(docs, SPACE, CR)).sort()).toEqual(['a', 'b', 'c', 'm']);

    // Edited on main before the update, it is no conflict when the change request edits it after.
    writePage(docs, SPACE, CR, 'a', paragraphs({ a1: 'one (main, then cr)', a2: 'two (cr)' }));
    expect(merge()).toEqual([]);
    expect(blocks(MAIN, 'a')).toEqual({ a1: 'one (main, then cr)', a2: 'two (cr)' });
    expect(Object.keys(treeOf(docs, SPACE, MAIN)).sort()).toEqual(['a', 'b', 'c', 'm']);
  });

  it('reports the same conflicts a merge would, and moves the fork base to main', () => {
    writePage(docs, SPACE, MAIN, 'a', paragraphs({ a1: 'main', a2: 'two' }));
    writePage(docs, SPACE, CR, 'a', paragraphs({ a1: 'cr', a2: 'two' }));
    expect(update()).toEqual([{ kind: 'block', pageId: 'a', blockId: 'a1' }]);
    const base = docs.forkBase(pageDoc(SPACE, CR, 'a'))!;
    expect(Y.decodeStateVector(base.stateVector)).toEqual(Y.decodeStateVector(docs.stateVector(pageDoc(SPACE, MAIN, 'a'))));
    expect(update()).toEqual([]);
  });

  it("keeps the change request's version of a conflicting block, unmixed, with the three versions", () => {
    writePage(docs, SPACE, MAIN, 'a', paragraphs({ a1: 'Tip: back up every day.', a2: 'two (main)' }));
    writePage(docs, SPACE, CR, 'a', paragraphs({ a1: 'Note: backups are automatic.', a2: 'two' }));
    const [conflict] = pullIn();
    expect(blocks(CR, 'a')).toEqual({ a1: 'Note: backups are automatic.', a2: 'two (main)' });
    const text = (side: ConflictSide | null | undefined) => side?.body.content?.[0]?.content?.[0]?.text;
    expect([text(conflict!.sides!.base), text(conflict!.sides!.main), text(conflict!.sides!.changeRequest)]).toEqual([
      'one', 'Tip: back up every day.', 'Note: backups are automatic.',
    ]);
    // Main did not move since: the change request's version merges as it is.
    expect(merge()).toEqual([]);
    expect(blocks(MAIN, 'a')).toEqual({ a1: 'Note: backups are automatic.', a2: 'two (main)' });
  });

  it("keeps the change request's edit of a block main deleted, where it stood", () => {
    writePage(docs, SPACE, MAIN, 'a', paragraphs({ a2: 'two' }));
    writePage(docs, SPACE, CR, 'a', paragraphs({ a1: 'one, edited', a2: 'two' }));
    expect(update()).toEqual([{ kind: 'block', pageId: 'a', blockId: 'a1', deletedOn: 'main' }]);
    expect(blocks(CR, 'a')).toEqual({ a1: 'one, edited', a2: 'two' });
  });

  it('keeps the title the change request gave a page main renamed', () => {
    editTree(docs, SPACE, MAIN, { b: { title: 'Main' } });
    editTree(docs, SPACE, CR, { b: { title: 'Mine' } });
    const [conflict] = pullIn();
    expect(conflict).toMatchObject({ kind: 'page-field', pageId: 'b', field: 'title' });
    expect([conflict!.sides!.base?.value, conflict!.sides!.main?.value, conflict!.sides!.changeRequest?.value]).toEqual(['b', 'Main', 'Mine']);
    expect(treeOf(docs, SPACE, CR).b!.title).toBe('Mine');
  });
});

/**
 * The change request's page was also written on a later copy of main, which held a paragraph main
 * added after its base; that copy gave way to the base, and the paragraph was deleted from the
 * change request (docs/sync.md, "Fork bases"). Yjs would carry that deletion to main.
 */
describe.each(['store', 'bytes'] as const)('a change request that no longer shows what a later copy of main held, planned from the %s', (from) => {
  beforeEach(() => {
    plannedFrom = from;
  });
  afterEach(() => {
    plannedFrom = 'store';
  });
  const crDoc = pageDoc(SPACE, CR, 'a');
  const mainDoc = pageDoc(SPACE, MAIN, 'a');
  /** Main becomes `later`; the change request gets main's copy as it is then, which then gives way to its base. */
  function heldThenHidden(later: Record<string, string>): void {
    writePage(docs, SPACE, MAIN, 'a', paragraphs(later));
    const copy = Y.encodeStateAsUpdate(docs.load(mainDoc));
    const held = docs.diff(mainDoc, docs.forkBase(crDoc)!.stateVector);
    docs.append(crDoc, held.ok ? held.update : new Uint8Array());
    expect(docs.preferForkBase(crDoc, mainDoc, copy, undefined, 'hub', true)).toEqual({ ok: true, taken: false });
  }
  beforeEach(() => writePage(docs, SPACE, CR, 'a', paragraphs({ a1: 'one (cr)', a2: 'two' })));

  it('merges without taking a paragraph main added out of main', () => {
    heldThenHidden({ a1: 'one', a2: 'two', a3: 'three (main)' });
    expect(blocks(CR, 'a')).toEqual({ a1: 'one (cr)', a2: 'two' });
    expect(merge()).toEqual([]);
    expect(blocks(MAIN, 'a')).toEqual({ a1: 'one (cr)', a2: 'two', a3: 'three (main)' });
  });

  it('shows that paragraph again once updated, and a merge then keeps it in main', () => {
    heldThenHidden({ a1: 'one', a2: 'two', a3: 'three (main)' });
    expect(update()).toEqual([]);
    expect(blocks(CR, 'a')).toEqual({ a1: 'one (cr)', a2: 'two', a3: 'three (main)' });
    expect(merge()).toEqual([]);
    expect(blocks(MAIN, 'a')).toEqual({ a1: 'one (cr)', a2: 'two', a3: 'three (main)' });
  });

  it('refuses to merge a paragraph both rewrote, which the hub put back as the writer left it, and changes nothing', () => {
    heldThenHidden({ a1: 'uno', a2: 'two' });
    // Main's "uno" is hidden in the block the change request touched, and its deletion of "one" undone by the hub's put-back (before, it read " (cr)").
    expect(blocks(CR, 'a')).toEqual({ a1: 'one (cr)', a2: 'two' });
    const before = mainState();
    expect(merge()).toEqual([{ kind: 'block', pageId: 'a', blockId: 'a1' }]);
    expect(mainState()).toEqual(before);
  });

  it.each([
    ['rewrote', 'deux'],
    ['only added words to', 'two, rewritten'],
  ])('reads a paragraph main %s that the change request did not touch as main has it, and merges it', (_, text) => {
    heldThenHidden({ a1: 'one', a2: text });
    expect(blocks(CR, 'a')).toEqual({ a1: 'one (cr)', a2: text });
    expect(merge()).toEqual([]);
    expect(blocks(MAIN, 'a')).toEqual({ a1: 'one (cr)', a2: text });
  });
});
