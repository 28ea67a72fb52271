import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batches } from '../../../../src-main/engine/services/translation/page-translation.js';

const LIMITS = { segments: 50, characters: 100 };
const segments = (count: number) => Array.from({ length: count }, (_, i) => `s${i}`);

describe('batches of segments', () => {
  it('50 segments are one call, 51 are two', () => {
    const roomy = { ...LIMITS, characters: 10_000 };
    expect(batches(segments(50), roomy).map((batch) => batch.length)).toEqual([50]);
    expect(batches(segments(51), roomy).map((batch) => batch.length)).toEqual([50, 1]);
  });

  it('characters: exactly the limit fits, one more starts a new call; a longer segment goes alone', () => {
    expect(batches(['a'.repeat(60), 'b'.repeat(40)], LIMITS)).toHaveLength(1);
    expect(batches(['a'.repeat(60), 'b'.repeat(41)], LIMITS)).toHaveLength(2);
    expect(batches(['x', 'a'.repeat(150), 'y'], LIMITS)).toEqual([['x'], ['a'.repeat(150)], ['y']]);
  });

  it('keep every segment in order, each call within the limits unless one segment alone exceeds them', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 120 }), { maxLength: 200 }), (input) => {
        const out = batches(input, LIMITS);
        expect(out.flat()).toEqual(input);
        for (const batch of out) {
          expect(batch.length).toBeGreaterThan(0);
          expect(batch.length).toBeLessThanOrEqual(LIMITS.segments);
          if (batch.length > 1) expect(batch.join('').length).toBeLessThanOrEqual(LIMITS.characters);
        }
      }),
    );
  });
});
