import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakLines, type Measure } from '../../../../src-main/engine/services/pdf/line-breaker.js';
import { fontFor, type TextStyle } from '../../../../src-main/engine/services/pdf/style.js';

/** Every character 5 wide, a bold one 6: enough to check the rules without a font. */
const measure: Measure = (text, style) => text.length * (style.font.endsWith('Bold') ? 6 : 5);
const plain: TextStyle = { font: fontFor({}), size: 10, color: '#000' };
const bold: TextStyle = { font: fontFor({ bold: true }), size: 10, color: '#000' };

const words = fc.array(fc.stringMatching(/^[a-z]{1,30}$/), { minLength: 1, maxLength: 40 });

describe('line breaking', () => {
  it('never lets a line run past the width, and keeps every word in order', () => {
    fc.assert(
      fc.property(words, words, fc.integer({ min: 6, max: 200 }), (first, second, width) => {
        const runs = [{ text: first.join(' ') + ' ', style: plain }, { text: second.join(' '), style: bold }];
        const lines = breakLines(runs, width, measure);
        for (const line of lines) expect(line.pieces.reduce((sum, piece) => sum + measure(piece.text, piece.style), 0)).toBeLessThanOrEqual(width);
        const printed = lines.map((line) => line.pieces.map((piece) => piece.text).join('')).join('');
        expect(printed.replace(/\s/g, '')).toBe([...first, ...second].join(''));
      }),
    );
  });

  it('puts a word on the next line when it does not fit, and cuts one wider than a line', () => {
    const lines = breakLines([{ text: 'aaa bbb ccccccccccc', style: plain }], 40, measure);
    expect(lines.map((line) => line.pieces.map((piece) => piece.text).join(''))).toEqual(['aaa bbb', 'cccccccc', 'ccc']);
  });

  it('ends a line at a line break, and gives no text one empty line', () => {
    expect(breakLines([{ text: 'one\ntwo', style: plain }], 400, measure).map((line) => line.pieces[0]?.text)).toEqual(['one', 'two']);
    expect(breakLines([], 400, measure, 12)).toEqual([{ pieces: [], size: 12 }]);
  });
});
