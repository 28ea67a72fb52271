import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { blockConflicts } from '../../../../../src-main/engine/domain/content/merge/block-conflicts.js';
import type { Conflict } from '../../../../../src-main/engine/domain/content/merge/conflicts.js';
import { readPageTree } from '../../../../../src-main/engine/domain/content/merge/page-tree.js';
import { treeConflicts, type BodyEdited } from '../../../../../src-main/engine/domain/content/merge/tree-conflicts.js';
import { blockIndex } from '../../../../../src-shared/content/yjs.js';
import { writeParagraphs } from './bodies.js';
import { addPage, branch, deletePage, setField } from './trees.js';

function bodies(base: Record<string, string>) {
  const doc = new Y.Doc();
  doc.clientID = 1;
  writeParagraphs(doc, base);
  return { base: doc, ours: branch(doc, 2), theirs: branch(doc, 3) };
}

const bodyConflicts = (pageId: string, base: Y.Doc, ours: Y.Doc, theirs: Y.Doc) =>
  blockConflicts(pageId, blockIndex(base), blockIndex(ours), blockIndex(theirs));

describe('conflicts in a page body', () => {
  it('none when the two sides edit different blocks, add blocks or delete the same one', () => {
    const { base, ours, theirs } = bodies({ a: 'one', b: 'two', c: 'three' });
    writeParagraphs(ours, { a: 'one!', b: 'two', n: 'new on main' });
    writeParagraphs(theirs, { a: 'one', b: 'two?', m: 'new here' });
    expect(bodyConflicts('p', base, ours, theirs)).toEqual([]);
  });

  it('a block edited on both sides to different text', () => {
    const { base, ours, theirs } = bodies({ a: 'one', b: 'two' });
    writeParagraphs(ours, { a: 'one, said main', b: 'two' });
    writeParagraphs(theirs, { a: 'one, said the change request', b: 'two' });
    expect(bodyConflicts('p', base, ours, theirs)).toEqual([{ kind: 'block', pageId: 'p', blockId: 'a' }]);
  });

  it('none for a block both sides changed the same way', () => {
    const { base, ours, theirs } = bodies({ a: 'one' });
    writeParagraphs(ours, { a: 'uno' });
    writeParagraphs(theirs, { a: 'uno' });
    expect(bodyConflicts('p', base, ours, theirs)).toEqual([]);
  });

  it('a block deleted on main and edited in the change request, and the other way round', () => {
    const { base, ours, theirs } = bodies({ a: 'one', b: 'two' });
    writeParagraphs(ours, { b: 'two, edited on main' });
    writeParagraphs(theirs, { a: 'one, edited in the change request' });
    expect(bodyConflicts('p', base, ours, theirs)).toEqual<Conflict[]>([
      { kind: 'block', pageId: 'p', blockId: 'a', deletedOn: 'main' },
      { kind: 'block', pageId: 'p', blockId: 'b', deletedOn: 'change-request' },
    ]);
  });

  const index = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.constantFrom('h1', 'h2', 'h3'));
  it('are the same blocks whichever side is main, and none when one side changed nothing', () => {
    fc.assert(
      fc.property(index, index, index, (base, ours, theirs) => {
        const [b, o, t] = [base, ours, theirs].map((i) => new Map(Object.entries(i)));
        const swap = (c: Conflict) => (c.kind === 'block' && c.deletedOn ? { ...c, deletedOn: c.deletedOn === 'main' ? 'change-request' : 'main' } : c);
        expect(blockConflicts('p', b!, t!, o!)).toEqual(blockConflicts('p', b!, o!, t!).map(swap));
        expect(blockConflicts('p', b!, b!, t!)).toEqual([]);
      }),
    );
  });
});

function trees() {
  const base = new Y.Doc();
  base.clientID = 1;
  addPage(base, 'a', { parent: null, title: 'A' });
  addPage(base, 'b', { parent: null, title: 'B', layout: { width: 'wide', cover: true } });
  return { base, ours: branch(base, 2), theirs: branch(base, 3) };
}

const conflictsOf = (base: Y.Doc, ours: Y.Doc, theirs: Y.Doc, bodyEdited: BodyEdited = () => false) =>
  treeConflicts(readPageTree(base), readPageTree(ours), readPageTree(theirs), bodyEdited);

describe('conflicts in the page tree', () => {
  it('a field changed on both sides to different values, not to the same one', () => {
    const { base, ours, theirs } = trees();
    setField(ours, 'a', 'title', 'Main');
    setField(theirs, 'a', 'title', 'Change request');
    setField(ours, 'b', 'title', 'Same');
    setField(theirs, 'b', 'title', 'Same');
    setField(theirs, 'b', 'layout', { cover: true, width: 'wide' });
    expect(conflictsOf(base, ours, theirs)).toEqual([{ kind: 'page-field', pageId: 'a', field: 'title' }]);
  });

  it('none for pages added or moved on both sides, or edited on one', () => {
    const { base, ours, theirs } = trees();
    addPage(ours, 'm', { parent: 'a' });
    addPage(theirs, 't', { parent: 'a' });
    setField(ours, 'b', 'parent', 'a');
    setField(theirs, 'a', 'emoji', '1f600');
    expect(conflictsOf(base, ours, theirs)).toEqual([]);
  });

  it('a page deleted on one side and edited in the tree or its body on the other', () => {
    const { base, ours, theirs } = trees();
    deletePage(ours, 'a');
    setField(theirs, 'a', 'title', 'Renamed');
    deletePage(theirs, 'b');
    expect(conflictsOf(base, ours, theirs)).toEqual([{ kind: 'page-deleted', pageId: 'a', deletedOn: 'main' }]);
    const mainEditedB: BodyEdited = (side, pageId) => side === 'main' && pageId === 'b';
    expect(conflictsOf(base, ours, theirs, mainEditedB)).toEqual([
      { kind: 'page-deleted', pageId: 'a', deletedOn: 'main' },
      { kind: 'page-deleted', pageId: 'b', deletedOn: 'change-request' },
    ]);
  });
});
