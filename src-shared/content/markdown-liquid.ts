import type { Html } from 'mdast';
import type { Extension as TreeExtension } from 'mdast-util-from-markdown';
import type { Code, Effects, Extension as SyntaxExtension, State } from 'micromark-util-types';

/**
 * The service's Markdown puts block tags such as `{% hint style="info" %}` on lines of their own,
 * often right above or below text with no blank line between. Plain CommonMark would read such a
 * line as part of the paragraph around it, so a line that starts with `{%` and ends with `%}` is
 * its own flow construct here: it interrupts a paragraph and becomes an `html` node carrying the
 * line, which `markdown-in` then reads as a tag. An escaped `\{%` is text, as usual.
 */

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    liquidTag: 'liquidTag';
  }
}

const OPEN_BRACE = 123;
const PERCENT = 37;
const CLOSE_BRACE = 125;

/** EOF, or one of micromark's line ending codes (CRLF, LF, CR). */
const endsLine = (code: Code) => code === null || code === -5 || code === -4 || code === -3;
/** A space, or micromark's tab and virtual space codes. */
const isSpace = (code: Code) => code === 32 || code === -2 || code === -1;

function tokenizeLiquidTag(effects: Effects, ok: State, nok: State): State {
  let beforeLast: Code = null;
  let last: Code = null;
  const open: State = (code) => {
    if (code !== PERCENT) return nok(code);
    effects.consume(code);
    return rest;
  };
  const rest: State = (code) => {
    if (endsLine(code)) {
      if (beforeLast !== PERCENT || last !== CLOSE_BRACE) return nok(code);
      effects.exit('liquidTag');
      return ok(code);
    }
    if (!isSpace(code)) [beforeLast, last] = [last, code];
    effects.consume(code);
    return rest;
  };
  return (code) => {
    if (code !== OPEN_BRACE) return nok(code);
    effects.enter('liquidTag');
    effects.consume(code);
    return open;
  };
}

export const liquidSyntax: SyntaxExtension = {
  flow: { [OPEN_BRACE]: { name: 'liquidTag', tokenize: tokenizeLiquidTag } },
};

export const liquidFromMarkdown: TreeExtension = {
  enter: {
    liquidTag(token) {
      this.enter({ type: 'html', value: '' }, token);
    },
  },
  exit: {
    liquidTag(token) {
      (this.stack[this.stack.length - 1] as Html).value = this.sliceSerialize(token);
      this.exit(token);
    },
  },
};
