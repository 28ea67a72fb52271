/**
 * The FTS5 expression for what a user typed: its words, each a quoted string (so that quotes,
 * `NEAR(`, `AND`, `*`, `:` or `^` are plain text, never syntax), all required, the last one
 * matched as a prefix (search as you type). Undefined when the text holds no word at all.
 */
export function matchExpression(text: string): string | undefined {
  const words = text.split(/[^\p{L}\p{N}\p{M}]+/u).filter((word) => word !== '');
  if (words.length === 0) return undefined;
  return words.map((word, i) => `"${word.replaceAll('"', '""')}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}
