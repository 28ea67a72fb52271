import { fold, isTerm, WORD, type QueryTerm } from './query-terms.js';

/** BM25's usual constants: how fast repeats stop counting, and how much length matters. */
const K1 = 1.2;
const B = 0.75;

/** How often each term occurs in a text, and how many words the text has. */
export interface Counts {
  hits: number[];
  length: number;
}

export function countTerms(terms: readonly QueryTerm[], text: string): Counts {
  return ASCII.test(text) ? countAscii(terms, text.toLowerCase()) : countAny(terms, text);
}

const ASCII = /^[\x00-\x7f]*$/;

/** Most texts are ASCII: one pass over their characters, no word allocated (ranking counts hundreds of texts). */
function countAscii(terms: readonly QueryTerm[], lower: string): Counts {
  let length = 0;
  for (let i = 0; i < lower.length; i++) if (isWordCode(lower.charCodeAt(i)) && (i === 0 || !isWordCode(lower.charCodeAt(i - 1)))) length++;
  const hits = terms.map((term) => {
    let count = 0;
    for (let at = lower.indexOf(term.text); at >= 0 && term.text !== ''; at = lower.indexOf(term.text, at + 1)) {
      const end = at + term.text.length;
      if ((at === 0 || !isWordCode(lower.charCodeAt(at - 1))) && (term.prefix || end === lower.length || !isWordCode(lower.charCodeAt(end)))) count++;
    }
    return count;
  });
  return { hits, length };
}

/** a-z and 0-9, once lower-cased: the ASCII characters of a word. */
const isWordCode = (code: number) => (code >= 97 && code <= 122) || (code >= 48 && code <= 57);

function countAny(terms: readonly QueryTerm[], text: string): Counts {
  const hits = terms.map(() => 0);
  let length = 0;
  for (const [word] of text.matchAll(WORD)) {
    length++;
    const folded = fold(word);
    terms.forEach((term, i) => {
      if (isTerm(term, folded)) hits[i]!++;
    });
  }
  return { hits, length };
}

/** The weight of a term found in `matching` of `rows` texts: rarer is heavier, never negative. */
export function idf(rows: number, matching: number): number {
  return Math.log(1 + (rows - matching + 0.5) / (matching + 0.5));
}

/**
 * BM25 of a text: per term, its weight times its (weighted) frequency, which saturates, over the
 * text's length relative to the average. Higher is better.
 */
export function bm25(weights: readonly number[], frequencies: readonly number[], length: number, averageLength: number): number {
  const norm = K1 * (1 - B + (B * length) / Math.max(averageLength, 1));
  let score = 0;
  frequencies.forEach((f, i) => {
    if (f > 0) score += (weights[i]! * f * (K1 + 1)) / (f + norm);
  });
  return score;
}
