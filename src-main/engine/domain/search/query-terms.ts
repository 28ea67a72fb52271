/** Letters, digits and marks: what the search takes for a word (anything else separates words). */
export const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** A word as the FTS5 index (unicode61, diacritics removed) compares it: lower case, no marks. */
export function fold(word: string): string {
  const lower = word.toLowerCase();
  // Most words are ASCII: decomposing them would only cost time.
  return /^[\x00-\x7f]*$/.test(lower) ? lower : lower.normalize('NFD').replace(/\p{M}+/gu, '');
}

/** A word of a query: the last one matches as a prefix (search as you type). */
export interface QueryTerm {
  text: string;
  prefix: boolean;
  /** The word quoted for FTS5: matches of the whole word only. */
  word: string;
  /** The term alone as an FTS5 expression (the word, or its prefix), whose matches count its sections. */
  phrase: string;
}

/** The terms of what a user typed, in order, folded and quoted for FTS5 (`matchExpressions`). */
export function queryTerms(text: string): QueryTerm[] {
  const words = text.match(WORD) ?? [];
  return words.map((word, i) => {
    const prefix = i === words.length - 1;
    const quoted = `"${word.replaceAll('"', '""')}"`;
    return { text: fold(word), prefix, word: quoted, phrase: prefix ? `${quoted}*` : quoted };
  });
}

/** Whether a folded word of a text is the term (or begins with it, for the prefix). */
export function isTerm(term: QueryTerm, word: string): boolean {
  return term.prefix ? word.startsWith(term.text) : word === term.text;
}
