/** Letters, digits and marks: what the search takes for a word, as `matchExpression` does. */
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
  /** The term alone as an FTS5 expression, whose matches count its sections. */
  phrase: string;
}

/** The terms of what a user typed, folded, in the order `matchExpression` quotes them. */
export function queryTerms(text: string): QueryTerm[] {
  const words = text.match(WORD) ?? [];
  return words.map((word, i) => {
    const prefix = i === words.length - 1;
    return { text: fold(word), prefix, phrase: `"${word.replaceAll('"', '""')}"${prefix ? '*' : ''}` };
  });
}

/** Whether a folded word of a text is the term (or begins with it, for the prefix). */
export function isTerm(term: QueryTerm, word: string): boolean {
  return term.prefix ? word.startsWith(term.text) : word === term.text;
}
