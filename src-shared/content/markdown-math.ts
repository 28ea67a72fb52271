import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';

/**
 * Block math as the service writes it: a line `$$`, the formula's lines, a line `$$` (also read:
 * `$$formula$$` alone on one line). It becomes a `math_block` token holding the formula. A `$$`
 * line without a closing one is text, as before. Like a code fence, it interrupts a paragraph.
 */
export function mathBlocks(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}

export const MATH_FENCE = '$$';

/** The formula as Markdown lines; undefined when a line of it would close the block early. */
export function mathLines(formula: string): string | undefined {
  return formula.split('\n').some((line) => line.trim() === MATH_FENCE) ? undefined : `${MATH_FENCE}\n${formula}\n${MATH_FENCE}`;
}

function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const line = state.src.slice(start, state.eMarks[startLine]).trimEnd();
  if (!line.startsWith(MATH_FENCE)) return false;
  if (line !== MATH_FENCE) {
    const inner = line.slice(2, -2);
    if (line.length < 5 || !line.endsWith(MATH_FENCE) || inner.includes(MATH_FENCE)) return false;
    if (silent) return true;
    push(state, inner, startLine, startLine + 1);
    return true;
  }
  let next = startLine;
  for (;;) {
    next++;
    if (next >= endLine) return false;
    const from = state.bMarks[next]! + state.tShift[next]!;
    const to = state.eMarks[next]!;
    // A line less indented than the container ends it: the block was never closed.
    if (from < to && state.sCount[next]! < state.blkIndent) return false;
    if (state.sCount[next]! - state.blkIndent < 4 && state.src.slice(from, to).trim() === MATH_FENCE) break;
  }
  if (silent) return true;
  const formula = state.getLines(startLine + 1, next, state.sCount[startLine]!, false);
  push(state, formula, startLine, next + 1);
  return true;
}

function push(state: StateBlock, formula: string, startLine: number, endLine: number): void {
  const token = state.push('math_block', 'math', 0);
  token.content = formula;
  token.map = [startLine, endLine];
  state.line = endLine;
}
