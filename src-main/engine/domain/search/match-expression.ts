import type { QueryTerm } from './query-terms.js';

/**
 * The FTS5 expressions for what a user typed (`queryTerms`): its words, each a quoted string (so
 * that quotes, `NEAR(`, `AND`, `*`, `:` or `^` are plain text, never syntax), all required, the
 * last one matched as a prefix (search as you type) in `match`, and whole in `wholeWords`.
 * Undefined when the text holds no word at all.
 */
export function matchExpressions(terms: readonly QueryTerm[]): { match: string; wholeWords: string } | undefined {
  if (terms.length === 0) return undefined;
  return { match: terms.map((term) => term.phrase).join(' '), wholeWords: terms.map((term) => term.word).join(' ') };
}
