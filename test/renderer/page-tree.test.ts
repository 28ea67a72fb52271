import { describe, expect, it } from 'vitest';
import type { RevisionPage } from '../../src-renderer/content/branch.js';
import { pageChanges } from '../../src-renderer/content/diff.js';
import { dropPlace, keyPlace, movedPages, pageDestinations, placedPages } from '../../src-renderer/content/page-tree.js';

// Only the fields the tree reads; the rest of a RevisionPage does not matter here.
const page = (id: string, title: string, pages: RevisionPage[] = [], type: 'document' | 'link' = 'document') =>
  ({ id, title, type, kind: type, pages }) as unknown as RevisionPage;

const MAIN = [page('a', 'Install', [page('a1', 'Linux'), page('a2', 'Mac')]), page('b', 'Use'), page('l', 'Website', [], 'link')];

describe('a page tree', () => {
  it('lists pages in reading order with their parents and depth', () => {
    expect(placedPages(MAIN).map(({ page: { id }, parent, depth, index }) => [id, parent, depth, index])).toEqual([
      ['a', null, 0, 0], ['a1', 'a', 1, 0], ['a2', 'a', 1, 1], ['b', null, 0, 1], ['l', null, 0, 2],
    ]);
  });

  it('offers the top level and every page but the moving one, its insides and links', () => {
    expect(pageDestinations(MAIN, 'a').map((choice) => choice.parent)).toEqual([null, 'b']);
    expect(pageDestinations(MAIN, 'a2').map((choice) => choice.parent)).toEqual([null, 'a', 'a1', 'b']);
  });

  it('names pages added, removed, renamed and moved against main', () => {
    const head = [page('a', 'Installing', [page('a1', 'Linux')]), page('b', 'Use', [page('a2', 'Mac')]), page('n', 'New')];
    expect(pageChanges(MAIN, head).map((change) => [change.kind, change.page.id])).toEqual([
      ['renamed', 'a'], ['moved', 'a2'], ['added', 'n'], ['removed', 'l'],
    ]);
  });

  it('places a dropped page before, after or into another, counting siblings without the page itself', () => {
    expect(dropPlace(MAIN, 'b', 'a', 'before')).toEqual({ into: null, at: 0 });
    expect(dropPlace(MAIN, 'a', 'b', 'after')).toEqual({ into: null, at: 1 });
    expect(dropPlace(MAIN, 'l', 'a2', 'before')).toEqual({ into: 'a', at: 1 });
    expect(dropPlace(MAIN, 'b', 'a', 'into')).toEqual({ into: 'a' });
  });

  it('refuses a drop on the page itself, inside it, or into a link', () => {
    expect(dropPlace(MAIN, 'a', 'a', 'after')).toBeUndefined();
    expect(dropPlace(MAIN, 'a', 'a1', 'into')).toBeUndefined();
    expect(dropPlace(MAIN, 'a', 'a2', 'before')).toBeUndefined();
    expect(dropPlace(MAIN, 'b', 'l', 'into')).toBeUndefined();
    expect(dropPlace(MAIN, 'b', 'nowhere', 'before')).toBeUndefined();
  });

  it('moves by keyboard: up and down among siblings, into the page above, out after the parent', () => {
    expect(keyPlace(MAIN, 'b', 'up')).toEqual({ into: null, at: 0 });
    expect(keyPlace(MAIN, 'b', 'down')).toEqual({ into: null, at: 2 });
    expect(keyPlace(MAIN, 'a', 'up')).toBeUndefined();
    expect(keyPlace(MAIN, 'b', 'indent')).toEqual({ into: 'a' });
    expect(keyPlace(MAIN, 'a1', 'indent')).toBeUndefined();
    expect(keyPlace(MAIN, 'a2', 'outdent')).toEqual({ into: null, at: 1 });
    expect(keyPlace(MAIN, 'a', 'outdent')).toBeUndefined();
  });

  it('draws a move as the engine will have it: out of its place, in at the index among the others', () => {
    const shape = (pages: RevisionPage[]): unknown[] => pages.map((one) => ((one as { pages?: RevisionPage[] }).pages?.length ? [one.id, shape((one as { pages: RevisionPage[] }).pages)] : one.id));
    expect(shape(movedPages(MAIN, 'b', { into: null, at: 0 }))).toEqual(['b', ['a', ['a1', 'a2']], 'l']);
    expect(shape(movedPages(MAIN, 'a', { into: null, at: 1 }))).toEqual(['b', ['a', ['a1', 'a2']], 'l']);
    expect(shape(movedPages(MAIN, 'b', { into: 'a' }))).toEqual([['a', ['a1', 'a2', 'b']], 'l']);
    expect(shape(movedPages(MAIN, 'a2', { into: 'a1' }))).toEqual([['a', [['a1', ['a2']]]], 'b', 'l']);
    expect(shape(movedPages(MAIN, 'a2', { into: null, at: 1 }))).toEqual([['a', ['a1']], 'a2', 'b', 'l']);
    // Every move keyPlace or dropPlace offers lands where the place says, whatever the tree.
    for (const { page: { id } } of placedPages(MAIN)) {
      for (const move of ['up', 'down', 'indent', 'outdent'] as const) {
        const place = keyPlace(MAIN, id, move);
        if (!place) continue;
        const moved = placedPages(movedPages(MAIN, id, place));
        const landed = moved.find((placed) => placed.page.id === id)!;
        expect(landed.parent).toBe(place.into);
        expect(landed.index).toBe(place.at ?? moved.filter((placed) => placed.parent === place.into).length - 1);
        expect(moved).toHaveLength(placedPages(MAIN).length);
      }
    }
  });
});
