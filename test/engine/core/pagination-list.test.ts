import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paginateList } from '../../../src-main/engine/core/pagination.js';
import { Failure } from '../../../src-main/engine/core/pipeline/failure.js';

/** Keyset pages over a list ranked in memory (search hits, link targets). */
describe('paginateList', () => {
  const key = { of: (item: { score: number; id: string }) => [item.score, item.id], length: 2 };

  it('serves every item once, in order, whatever the page size', () => {
    const item = fc.record({ score: fc.double({ noNaN: true, noDefaultInfinity: true }), id: fc.string({ maxLength: 4 }) });
    fc.assert(
      fc.property(fc.uniqueArray(item, { selector: (i) => `${i.score} ${i.id}` }), fc.integer({ min: 1, max: 5 }), (items, limit) => {
        const sorted = [...items].sort((a, b) => a.score - b.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        const served: typeof items = [];
        let page: string | undefined;
        do {
          const result = paginateList(sorted, key, { limit, ...(page ? { page } : {}) });
          if (result instanceof Failure) throw new Error(result.message);
          expect(result.count).toBe(sorted.length);
          served.push(...result.items);
          page = result.next?.page;
        } while (page);
        expect(served).toEqual(sorted);
      }),
      { numRuns: 200, seed: 11 },
    );
  });

  it('answers only the count for limit 0, and a 400 for a cursor it did not give', () => {
    expect(paginateList([{ score: 1, id: 'a' }], key, { limit: 0 })).toEqual({ items: [], count: 1 });
    const refused = paginateList([], key, { limit: 5, page: 'nonsense' });
    expect(refused instanceof Failure && refused.status).toBe(400);
  });
});
