import { expect } from 'vitest';

/**
 * `toEqual` and `toStrictEqual` on two byte arrays of the same kind compare their bytes at once.
 * vitest's own comparison walks them as iterables, then compares their `Object.entries`, element by
 * element: 2–5 s of CPU for one 300 kB file (docs/performance.md, "The hub files' time"). A mismatch
 * still fails, and its diff is vitest's as before. Registered once per fork: the testers are global
 * and setup files run again before each file of a fork.
 */
const REGISTERED = Symbol.for('folio.byteEquality');
const registry = globalThis as { [REGISTERED]?: true };
if (!registry[REGISTERED]) {
  registry[REGISTERED] = true;
  expect.addEqualityTesters([
    function sameBytes(a: unknown, b: unknown): boolean | undefined {
      // Only Uint8Array and its subclass Buffer, of one same class: elements are 0–255, so comparing
      // bytes is exactly element-wise equality (other typed arrays have -0 and NaN).
      if (!(a instanceof Uint8Array) || !(b instanceof Uint8Array) || a.constructor !== b.constructor) return undefined;
      if (a.constructor !== Uint8Array && a.constructor !== Buffer) return undefined;
      return Buffer.compare(a, b) === 0;
    },
  ]);
}
