import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeItem, type StructureItem } from '../../../../src-main/engine/domain/sites/order.js';
import { isFailure } from '../../../../src-main/engine/core/pipeline/failure.js';

const item = (id: string): StructureItem => ({ type: 'site-section', id });
const ids = (order: StructureItem[] | unknown) => (order as StructureItem[]).map((i) => i.id);

/** Siblings a…, the index of the one to move, and where to put it. */
const scenario = fc
  .integer({ min: 1, max: 8 })
  .chain((n) => fc.tuple(fc.constant(n), fc.nat(n - 1), fc.option(fc.nat(n - 1)), fc.option(fc.nat(n - 1))));

describe('placeItem', () => {
  it('moves before, after, between neighbours, or to the end', () => {
    const order = ['a', 'b', 'c', 'd'].map(item);
    expect(ids(placeItem(order, item('d'), { before: item('a') }, 'bad'))).toEqual(['d', 'a', 'b', 'c']);
    expect(ids(placeItem(order, item('a'), { after: item('c') }, 'bad'))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(placeItem(order, item('a'), { after: item('b'), before: item('c') }, 'bad'))).toEqual(['b', 'a', 'c', 'd']);
    expect(ids(placeItem(order, item('b'), {}, 'bad'))).toEqual(['a', 'c', 'd', 'b']);
  });

  it('refuses a neighbour that is no sibling, the item itself, or neighbours apart', () => {
    const order = ['a', 'b', 'c'].map(item);
    for (const position of [{ before: item('x') }, { after: item('a') }, { after: item('c'), before: item('b') }]) {
      const placed = placeItem(order, item('a'), position, 'bad');
      expect(isFailure(placed) && placed.status).toBe(400);
    }
    expect(isFailure(placeItem(order, item('a'), { before: { type: 'site-section-group', id: 'b' } }, 'bad'))).toBe(true);
  });

  it('keeps every sibling exactly once and puts the item where it was asked', () => {
    fc.assert(
      fc.property(scenario, ([n, moved, before, after]) => {
        const order = Array.from({ length: n }, (_, i) => item(String(i)));
        const position = {
          before: before === null ? undefined : order[before],
          after: after === null ? undefined : order[after],
        };
        const placed = placeItem(order, order[moved]!, position, 'bad');
        if (isFailure(placed)) return;
        expect(ids(placed).slice().sort()).toEqual(ids(order).slice().sort());
        const at = ids(placed).indexOf(String(moved));
        if (position.before) expect(ids(placed)[at + 1]).toBe(position.before.id);
        if (position.after) expect(ids(placed)[at - 1]).toBe(position.after.id);
        if (!position.before && !position.after) expect(at).toBe(n - 1);
      }),
    );
  });
});
