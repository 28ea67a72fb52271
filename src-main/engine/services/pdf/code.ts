import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import type { LayoutContext } from './context.js';
import { printable } from './printable.js';
import { COLOR, LEADING, SIZE, fontFor, type TextStyle } from './style.js';
import { textTop } from './text-lines.js';

const CODE: TextStyle = { font: fontFor({ mono: true }), size: SIZE.code, color: COLOR.text };
const LANGUAGE: TextStyle = { font: fontFor({ bold: true }), size: SIZE.small, color: COLOR.muted };

/**
 * A code block on a shaded background, its language above the code. Lines keep their spaces and
 * are cut at the width (Courier's characters all have one width); long blocks continue on the
 * next sheet, the shade cut with them.
 */
export function codeBlock(ctx: LayoutContext, block: PmNodeJson): void {
  const { flow } = ctx;
  const source = (block.content ?? []).map((node) => node.text ?? '').join('');
  const language = String(block.attrs?.language ?? '');
  flow.box({ fill: COLOR.codeShade }, { x: 8, y: 6 }, () => {
    if (language !== '') {
      const x = flow.left;
      const height = LANGUAGE.size * LEADING;
      flow.line(height, (y) => [{ kind: 'text', x, y: textTop(y, height, LANGUAGE), text: printable(language), style: LANGUAGE }]);
    }
    const perLine = Math.max(1, Math.floor(flow.width / ctx.measure('M', CODE)));
    for (const line of visualLines(source, perLine)) {
      const x = flow.left;
      const height = CODE.size * LEADING;
      flow.line(height, (y) => (line.trim() === '' ? [] : [{ kind: 'text', x, y: textTop(y, height, CODE), text: line, style: CODE }]));
    }
  });
}

/** The code's lines, each cut into pieces of at most `perLine` characters. */
export function visualLines(source: string, perLine: number): string[] {
  return source.split(/\r\n|\r|\n/).flatMap((raw) => {
    const line = printable(raw).trimEnd();
    if (line === '') return [''];
    const pieces: string[] = [];
    for (let at = 0; at < line.length; at += perLine) pieces.push(line.slice(at, at + perLine));
    return pieces;
  });
}
