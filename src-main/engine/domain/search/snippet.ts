import { fold, isTerm, WORD, type QueryTerm } from './query-terms.js';

/**
 * About `words` words of a text around its matches: the run of that many words holding the most
 * terms (the first such), cut at word boundaries, with `…` where the text goes on. A text without
 * a match (the section was found by its heading) gives its beginning.
 */
export function snippet(text: string, terms: readonly QueryTerm[], words: number): string {
  const spans = [...text.matchAll(WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    hit: terms.some((term) => isTerm(term, fold(match[0]))),
  }));
  if (spans.length <= words) return text;
  let best = 0;
  let bestHits = -1;
  let hits = 0;
  spans.forEach((span, i) => {
    if (span.hit) hits++;
    if (i >= words && spans[i - words]!.hit) hits--;
    if (i >= words - 1 && hits > bestHits) {
      bestHits = hits;
      best = i - words + 1;
    }
  });
  const first = spans[best]!;
  const last = spans[best + words - 1]!;
  return `${best > 0 ? '…' : ''}${text.slice(best > 0 ? first.start : 0, last.end)}${best + words < spans.length ? '…' : ''}`;
}
