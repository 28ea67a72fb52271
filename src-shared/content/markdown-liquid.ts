import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';

/**
 * The service's Markdown puts block tags such as `{% hint style="info" %}` on lines of their own,
 * often right above or below text with no blank line between. Plain CommonMark would read such a
 * line as part of the paragraph around it, so a line that starts with `{%` and ends with `%}` is
 * its own block here: it interrupts a paragraph (and a quote's or list's lazy line) and becomes an
 * `html_block` token carrying the line, which `markdown-in` then reads as a tag. An escaped `\{%`
 * is text, as usual.
 */
export function liquidTags(md: MarkdownIt): void {
  md.block.ruler.before('table', 'liquid_tag', liquidTag, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}

function liquidTag(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const line = state.src.slice(start, state.eMarks[startLine]);
  if (!line.startsWith('{%')) return false;
  // The two last characters after the opening `{%`, spaces aside, close the tag.
  const rest = line.slice(2).replace(/[ \t]/g, '');
  if (rest.length < 2 || !rest.endsWith('%}')) return false;
  if (silent) return true;
  const token = state.push('html_block', '', 0);
  token.content = line;
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
}
