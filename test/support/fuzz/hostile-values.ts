import fc from 'fast-check';

/** Keys an attacker tries where a server might index a plain object with them. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf'];

/** Text that is valid Unicode but odd: controls, lone surrogates, direction marks, joiners, combining runs, NUL. */
export const oddText = fc.oneof(
  fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\ud83d', '\u202e\u202dtxt', '\u200b\u200c\u200d\ufeff', 'e\u0301\u0301\u0301\u0301', '👩‍👩‍👧‍👦', '\r\n\r', '\u2028\u2029', '%00', '../..', '%E0%A4%A'),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

/** A long string: up to a few times the default body limit, so some pass and some are refused. */
export const hugeText = fc
  .tuple(fc.constantFrom('a', 'é', '😀', '\\', '"', '- ', '> ', '*a', '[', '\u0000'), fc.integer({ min: 10_000, max: 1_500_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/**
 * Markdown that once held the engine or overflowed its stack: deep container markers, nesting by
 * indentation, delimiter runs the parser pairs up slowly, tag and table floods, and an opaque
 * block's JSON nested deep.
 */
export const markdownAttack = fc
  .tuple(
    fc.constantFrom('listLine', 'quoteLine', 'indented', 'stars', 'brackets', 'emphasisRun', 'hints', 'tableColumns', 'lazyLines', 'opaque'),
    fc.integer({ min: 10, max: 4_000 }),
  )
  .map(([kind, n]) => {
    switch (kind) {
      case 'listLine':
        return `${'- '.repeat(n)}x`;
      case 'quoteLine':
        return `${'> '.repeat(n * 10)}x`;
      case 'indented':
        return Array.from({ length: Math.min(n, 200) }, (_, i) => `${'  '.repeat(i)}- x`).join('\n');
      case 'stars':
        return '*a'.repeat(n);
      case 'brackets':
        return `${'['.repeat(n)}${']('.repeat(n)}`;
      case 'emphasisRun':
        return `${'*'.repeat(n)}a${'*'.repeat(n)}`;
      case 'hints':
        return '{% hint style="info" %}\n'.repeat(n);
      case 'tableColumns':
        return `${'|a'.repeat(n)}|\n${'|-'.repeat(n)}|\n`;
      case 'lazyLines':
        return `${'> '.repeat(Math.min(n, 30))}a\n${'b\n'.repeat(n * 5)}`;
      default:
        return `<!-- folio-block ${'['.repeat(n)}${']'.repeat(n)} -->`;
    }
  });

/** JSON nested `depth` levels of arrays or objects, as text (no value this deep is ever built in memory). */
export const deepJsonText = fc
  .tuple(fc.integer({ min: 20, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

/** A value nested `depth` levels (small depths only: it is built). */
export const deepValue = fc.integer({ min: 20, max: 150 }).map((depth) => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { nodes: [value], object: 'block', type: 'blockquote' };
  return value;
});

/** An array long enough to matter (past the value limit at its longest), of small values; a few MB at most. */
export const hugeArray = fc.oneof(
  fc.tuple(fc.integer({ min: 1_000, max: 300_000 }), fc.constantFrom<unknown>(0, null, {}, [])).map(([length, item]) => Array.from({ length }, () => item)),
  fc.integer({ min: 1_000, max: 40_000 }).map((length) => Array.from({ length }, () => ({ object: 'block', type: 'paragraph', nodes: [] }))),
);

/** Bodies that are not JSON, or not UTF-8, or not what the header says. */
export const brokenBody = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\ufeff{}', '{"a":1,}', "{'a':1}", 'NaN', '1e999999', '"\\ud800"', ''),
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, ...bytes, 0x22, 0x7d])),
  fc.constantFrom(Buffer.from([0xff, 0xfe, 0x7b, 0x7d]), Buffer.from([0xc3, 0x28]), Buffer.from('{"a":"\xed\xa0\x80"}', 'latin1')),
);

/** Sets `key` as an own property, even `__proto__` (an assignment would set the prototype instead). */
export function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}
