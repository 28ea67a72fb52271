import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryTerms } from '../../../../src-main/engine/domain/search/query-terms.js';
import { bm25, countTerms, idf } from '../../../../src-main/engine/domain/search/scoring.js';
import { snippet } from '../../../../src-main/engine/domain/search/snippet.js';

const word = fc.stringMatching(/^[a-zA-Z0-9]{1,6}$/);
const separator = fc.constantFrom(' ', ', ', '. ', '\n', ' - ', '(', ') ', ': ', "'", '/');
const asciiText = fc.array(fc.tuple(word, separator), { maxLength: 30 }).map((parts) => parts.map(([w, s]) => w + s).join(''));

describe('counting query terms in a text', () => {
  it('counts whole words, case aside, and the last term as a prefix', () => {
    const counts = countTerms(queryTerms('zeppelin tool'), 'Zeppelin toolkit; the zeppelins and a ZEPPELIN tool, tools.');
    expect(counts).toEqual({ hits: [2, 3], length: 9 });
  });

  it('folds diacritics and case as the index does', () => {
    expect(countTerms(queryTerms('CAFE creme'), 'Café crème, cafe Crémeux.').hits).toEqual([2, 2]);
  });

  it('counts ASCII texts the same way as any other text', () => {
    fc.assert(
      fc.property(asciiText, fc.array(word, { minLength: 1, maxLength: 3 }), (text, words) => {
        const terms = queryTerms(words.join(' '));
        const ascii = countTerms(terms, text);
        // A trailing non-ASCII word takes the general path and adds one word of its own.
        const general = countTerms(terms, `${text} ж`);
        expect(general).toEqual({ hits: ascii.hits, length: ascii.length + 1 });
      }),
      { seed: 3 },
    );
  });
});

describe('BM25', () => {
  it('weighs rare terms more, repeats less and less, and long texts less', () => {
    expect(idf(1000, 10)).toBeGreaterThan(idf(1000, 500));
    expect(idf(1000, 1000)).toBeGreaterThan(0);
    const once = bm25([1], [1], 10, 10);
    const twice = bm25([1], [2], 10, 10);
    expect(twice).toBeGreaterThan(once);
    expect(bm25([1], [3], 10, 10) - twice).toBeLessThan(twice - once);
    expect(bm25([1], [1], 40, 10)).toBeLessThan(once);
  });
});

describe('snippets', () => {
  const words = Array.from({ length: 60 }, (_, i) => `w${i}`);

  it('keeps a short text whole', () => {
    expect(snippet('A short body about kestrels.', queryTerms('kestrels'), 24)).toBe('A short body about kestrels.');
  });

  it('cuts a long text around its best run of matches, marking what was cut', () => {
    const text = [...words.slice(0, 30), 'kestrel', 'w', 'kestrel', ...words.slice(30)].join(' ');
    const cut = snippet(text, queryTerms('kestrel'), 5);
    expect(cut).toMatch(/^….*kestrel w kestrel.*…$/);
    expect(cut.replaceAll('…', '').split(' ')).toHaveLength(5);
  });

  it('gives the beginning of a text without a match', () => {
    expect(snippet(words.join(' '), queryTerms('absent'), 3)).toBe('w0 w1 w2…');
  });
});
