import { queryTerms } from './query-terms.js';

/**
 * The FTS5 expression for what a user typed: its words, each a quoted string (so that quotes,
 * `NEAR(`, `AND`, `*`, `:` or `^` are plain text, never syntax), all required, the last one
 * matched as a prefix (search as you type). Undefined when the text holds no word at all.
 */
export function matchExpression(text: string): string | undefined {
  const terms = queryTerms(text);
  return terms.length === 0 ? undefined : terms.map((term) => term.phrase).join(' ');
}
