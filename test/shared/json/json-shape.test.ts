import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../../src-shared/contract/limits.js';
import { JsonShape, jsonShapeProblem } from '../../../src-shared/json/json-shape.js';

/** How deep a parsed JSON value's arrays and objects go. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...(Array.isArray(value) ? value : Object.values(value)).map(depthOf));
}

/** The text cut at the given places, fed piece by piece. */
function fed(text: string, cuts: number[]): JsonShape {
  const shape = new JsonShape();
  let from = 0;
  for (const cut of [...cuts.map((at) => at % (text.length + 1))].sort((a, b) => a - b)) {
    shape.push(text.slice(from, cut));
    from = cut;
  }
  shape.push(text.slice(from));
  return shape;
}

describe('JsonShape', () => {
  it('accepts any JSON within the limits, however the text is cut, strings with quotes, brackets and escapes included', () => {
    const tricky = fc.string({ unit: fc.constantFrom('"', '\\', '[', ']', '{', '}', ',', 'a', 'é', '😀') });
    const value = fc.jsonValue({ maxDepth: 6 }).chain((json) => fc.tuple(fc.constant(json), tricky).map(([inner, text]) => ({ inner, text, list: [text, inner] })));
    fc.assert(
      fc.property(value, fc.array(fc.nat(), { maxLength: 8 }), (json, cuts) => {
        const text = JSON.stringify(json);
        expect(depthOf(json)).toBeLessThanOrEqual(MAX_JSON_DEPTH);
        expect(fed(text, cuts).problem).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it(`refuses one level past ${MAX_JSON_DEPTH}, in arrays and in objects, and not at the limit`, () => {
    const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    expect(jsonShapeProblem(arrays(MAX_JSON_DEPTH))).toBeUndefined();
    expect(jsonShapeProblem(objects(MAX_JSON_DEPTH))).toBeUndefined();
    expect(jsonShapeProblem(arrays(MAX_JSON_DEPTH + 1))).toBe(`nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`);
    expect(jsonShapeProblem(objects(MAX_JSON_DEPTH + 1))).toMatch(/^nested deeper/);
    // Brackets inside strings are text, not nesting.
    expect(jsonShapeProblem(JSON.stringify({ a: '['.repeat(10_000) }))).toBeUndefined();
  });

  it(`refuses more than ${MAX_JSON_VALUES} values, and not that many`, () => {
    const array = (length: number) => JSON.stringify(Array.from({ length }, () => 0));
    // The array itself and one value per comma.
    expect(jsonShapeProblem(array(MAX_JSON_VALUES))).toBeUndefined();
    expect(jsonShapeProblem(array(MAX_JSON_VALUES + 1))).toBe(`holds more than ${MAX_JSON_VALUES} values`);
  });

  it('measures a string of a million escaped backslashes in one pass (each escape once searched the whole rest for a quote)', () => {
    const text = JSON.stringify({ icon: '\\'.repeat(1_000_000), after: [[1]] });
    const shape = fed(text, [17, 500_001, 1_000_002]);
    expect(shape.problem).toBeUndefined();
    expect(jsonShapeProblem(`{"icon":"${'\\\\'.repeat(1_000_000)}"${'['.repeat(MAX_JSON_DEPTH + 1)}`)).toMatch(/^nested deeper/);
  });
});
