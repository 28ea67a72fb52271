import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readingOrder, treeFileNames, treePages, type TreePage } from '../../../../src-main/engine/services/pdf/page-tree.js';

const page = (id: string, position: string, parent: string | null = null): TreePage => ({ id, type: 'document', title: id, parent, position });
const order = (pages: TreePage[], from?: string) => readingOrder(pages, from).map(({ page: p, depth }) => `${p.id}@${depth}`);

describe('the reading order of a page tree', () => {
  it('goes depth first, siblings by position then id, compared as plain strings', () => {
    const pages = [page('b', 'a0'), page('a', 'a0'), page('c', 'Zz'), page('child2', 'a1', 'a'), page('child1', 'a0V', 'a'), page('deep', 'a0', 'child1')];
    expect(order(pages)).toEqual(['c@0', 'a@0', 'child1@1', 'deep@2', 'child2@1', 'b@0']);
  });

  it("puts a page whose parent is gone at the root, and starts at one page's subtree on request", () => {
    const pages = [page('orphan', 'a0', 'deleted'), page('root', 'a1'), page('kid', 'a0', 'root')];
    expect(order(pages)).toEqual(['orphan@0', 'root@0', 'kid@1']);
    expect(order(pages, 'root')).toEqual(['root@0', 'kid@1']);
    expect(order(pages, 'kid')).toEqual(['kid@0']);
  });

  it('lists every page reachable from the root exactly once, whatever the input order', () => {
    const tree = fc.array(fc.tuple(fc.stringMatching(/^[a-c][0-9]?$/), fc.nat({ max: 20 })), { maxLength: 30 }).map((specs) =>
      specs.map(([position, parent], index) => page(`p${index}`, position, parent < index ? `p${parent}` : null)),
    );
    fc.assert(
      fc.property(tree, (pages) => {
        const ids = readingOrder(pages).map(({ page: p }) => p.id);
        expect([...ids].sort()).toEqual(pages.map((p) => p.id).sort());
        expect(readingOrder([...pages].reverse()).map(({ page: p }) => p.id)).toEqual(ids);
      }),
    );
  });
});

describe('a tree doc', () => {
  it('gives its pages and the names of its files', () => {
    const doc = new Y.Doc();
    const entry = new Y.Map<unknown>();
    doc.getMap('pages').set('p1', entry);
    entry.set('type', 'group');
    entry.set('title', 'Group');
    entry.set('parent', null);
    entry.set('position', 'a0');
    const file = new Y.Map<unknown>();
    doc.getMap('files').set('f1', file);
    file.set('name', 'report.pdf');
    expect(treePages(doc)).toEqual([{ id: 'p1', type: 'group', title: 'Group', parent: null, position: 'a0', target: undefined }]);
    expect(treeFileNames(doc)).toEqual(new Map([['f1', 'report.pdf']]));
  });
});
