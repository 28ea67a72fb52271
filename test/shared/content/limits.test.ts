import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownToPm } from '../../../src-shared/content/markdown-in.js';
import { MAX_BLOCK_DEPTH } from '../../../src-shared/contract/limits.js';

/**
 * Markdown against the content limits (docs/content-model.md, "Limits"). markdown-it stops reading
 * at 100 levels and drops what lies deeper; the limits refuse such a text long before, so reading
 * Markdown either keeps every word or refuses the whole text, never a part of it.
 */

type Level = 'quote' | 'bullet' | 'ordered';
/** Blocks a level adds: a quote; a list and its item. */
const WEIGHT: Record<Level, number> = { quote: 1, bullet: 2, ordered: 2 };
const MARKER: Record<Level, string> = { quote: '> ', bullet: '- ', ordered: '1. ' };
/** What carries a level on to a later line: the quote's marker again, the item's indentation. */
const CONTINUATION: Record<Level, string> = { quote: '> ', bullet: '  ', ordered: '   ' };

/** Each level opened on a line of its own inside the ones before it, with a word of its own. */
const onLines = (levels: readonly Level[]) =>
  levels.map((level, i) => `${levels.slice(0, i).map((outer) => CONTINUATION[outer]).join('')}${MARKER[level]}word${i}`).join('\n');

/** Every marker on one line, before the one word. */
const onOneLine = (levels: readonly Level[]) => `${levels.map((level) => MARKER[level]).join('')}word${levels.length - 1}`;

/** How deep the innermost paragraph stands. */
const depthOf = (levels: readonly Level[]) => levels.reduce((sum, level) => sum + WEIGHT[level], 0) + 1;

const levels = fc.array(fc.constantFrom<Level>('quote', 'bullet', 'ordered'), { minLength: 1, maxLength: 60 });
const quotes = (n: number): Level[] => Array.from({ length: n }, () => 'quote');
const bullets = (n: number): Level[] => Array.from({ length: n }, () => 'bullet');
// At the limit and one past it, and far past markdown-it's own 100 levels.
const boundary: [Level[], boolean][] = [
  [quotes(MAX_BLOCK_DEPTH - 1), true],
  [quotes(MAX_BLOCK_DEPTH), true],
  [bullets(15), false],
  [[...bullets(15), 'quote'], true],
  [bullets(16), true],
  [bullets(60), true],
];

describe('Markdown nested near the limits', () => {
  it('is read with every word kept up to the limit, and refused whole past it', () => {
    fc.assert(
      fc.property(levels, fc.boolean(), (path, oneLine) => {
        const markdown = oneLine ? onOneLine(path) : onLines(path);
        const read = markdownToPm(markdown);
        if (depthOf(path) > MAX_BLOCK_DEPTH) {
          expect(read).toEqual({ ok: false, error: { kind: 'over-limit', message: `blocks are nested deeper than ${MAX_BLOCK_DEPTH} levels` } });
          return;
        }
        expect(read.ok).toBe(true);
        const text = JSON.stringify(read.ok && read.value.body);
        for (let i = oneLine ? path.length - 1 : 0; i < path.length; i++) expect(text).toContain(`"word${i}"`);
      }),
      { numRuns: 300, examples: boundary },
    );
  });
});

describe('the number of blocks', () => {
  const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i}.`).join('\n\n');

  it('is bounded only when the caller asks (a body a request sends), not for a long page read otherwise', () => {
    const read = markdownToPm(paragraphs(2_500));
    expect(read.ok && read.value.body.content?.length).toBe(2_500);
    expect(markdownToPm(paragraphs(2_500), 2_000)).toEqual({ ok: false, error: { kind: 'over-limit', message: 'holds more than 2000 blocks' } });
  });

  it("counts a table's body cells, padded to the header's width, as its Document does", () => {
    const table = (rows: number, row = '| 1 |') => `| a | b |\n|---|---|\n${`${row}\n`.repeat(rows)}`;
    // The table and 2 × 10 cells; a short row still makes two cells.
    expect(markdownToPm(table(10), 21).ok).toBe(true);
    expect(markdownToPm(table(10), 20).ok).toBe(false);
    expect(markdownToPm(table(10, '| 1 | 2 |'), 20).ok).toBe(false);
  });
});
