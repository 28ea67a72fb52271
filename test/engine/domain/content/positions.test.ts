import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { positionBetween } from '../../../../src-main/engine/domain/content/positions.js';

describe('positionBetween', () => {
  it('sorts strictly between its bounds, whatever order inserts come in', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 200 }), (choices) => {
        const positions: string[] = [];
        for (const choice of choices) {
          const at = choice % (positions.length + 1);
          const made = positionBetween(positions[at - 1] ?? null, positions[at] ?? null);
          if (at > 0) expect(made > positions[at - 1]!).toBe(true);
          if (at < positions.length) expect(made < positions[at]!).toBe(true);
          expect(made.endsWith('0')).toBe(false);
          positions.splice(at, 0, made);
        }
      }),
    );
  });

  it('stays short when pages are appended one after another', () => {
    let last: string | null = null;
    for (let i = 0; i < 10_000; i++) last = positionBetween(last, null);
    expect(last!.length).toBeLessThan(200);
  });
});
