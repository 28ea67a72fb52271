import type { Flow } from './flow.js';
import type { Run } from './inline.js';
import { breakLines, type Line, type Measure } from './line-breaker.js';
import { ascent } from './metrics.js';
import type { Op } from './sheet.js';
import { COLOR, LEADING, type TextStyle } from './style.js';

/** Where a text of `style` goes (pdfkit places a text by its top) to sit centred on a line of `height` at `lineTop`. */
export function textTop(lineTop: number, height: number, style: TextStyle): number {
  return baselineOf(lineTop, height, style.size) - ascent(style);
}

const baselineOf = (lineTop: number, height: number, size: number) => lineTop + height / 2 + size * 0.36;

/** The drawing operations of one laid-out line whose top is `y`, starting at `x`. */
export function lineOps(line: Line, x: number, y: number, height: number): Op[] {
  const baseline = baselineOf(y, height, line.size);
  const ops: Op[] = [];
  let at = x;
  for (const piece of line.pieces) {
    if (piece.style.shaded) {
      ops.push({ kind: 'rect', x: at - 1, y: baseline - piece.style.size * 0.8, w: piece.width + 2, h: piece.style.size * 1.05, fill: COLOR.codeShade });
    }
    ops.push({ kind: 'text', x: at, y: baseline - ascent(piece.style), text: piece.text, style: piece.style });
    at += piece.width;
  }
  return ops;
}

/** Lays out runs as wrapped lines at the flow's left edge, breaking sheets between lines as needed. */
export function flowText(flow: Flow, runs: Run[], measure: Measure, emptySize: number): void {
  for (const line of breakLines(runs, flow.width, measure, emptySize)) {
    const height = line.size * LEADING;
    const x = flow.left;
    flow.line(height, (y) => lineOps(line, x, y, height));
  }
}
