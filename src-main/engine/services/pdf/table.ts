import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import type { LayoutContext } from './context.js';
import { runsOf, type BaseStyle } from './inline.js';
import { breakLines, type Line, type Measure } from './line-breaker.js';
import type { Op } from './sheet.js';
import { COLOR, LEADING } from './style.js';
import { lineOps } from './text-lines.js';

const CELL_SIZE = 9.5;
const PAD = 4;
const LINE = CELL_SIZE * LEADING;
const MIN_COLUMN = 28;
const HEADER: BaseStyle = { size: CELL_SIZE, color: COLOR.text, bold: true };
const CELL: BaseStyle = { size: CELL_SIZE, color: COLOR.text };

interface Row {
  cells: PmNodeJson[];
  header: boolean;
}

/**
 * A table as a grid. Columns share the width by how much text they hold, cells wrap, and a row
 * that does not fit the rest of the sheet moves to the next one under a repeated header row; a
 * row taller than a whole sheet is cut between lines.
 */
export function table(ctx: LayoutContext, block: PmNodeJson): void {
  const children = block.content ?? [];
  const header: Row = { cells: children.filter((node) => node.type === 'table_header'), header: true };
  const rows: Row[] = children.filter((node) => node.type === 'table_row').map((row) => ({ cells: row.content ?? [], header: false }));
  const widths = columnWidths(ctx.measure, [header, ...rows], ctx.flow.width);
  const grid: Grid = { x: ctx.flow.left, widths, aligns: header.cells.map((cell) => String(cell.attrs?.align ?? 'left')) };
  const headerLines = cellLines(ctx.measure, header, widths);
  // A header taller than a third of a sheet is not repeated: it would leave too little room for rows.
  const repeat = () => {
    if (rowHeight(headerLines) < ctx.flow.pageHeight / 3) drawRow(ctx, grid, headerLines, true, () => undefined);
  };
  drawRow(ctx, grid, headerLines, true, () => undefined);
  for (const row of rows) drawRow(ctx, grid, cellLines(ctx.measure, row, widths), false, repeat);
}

/** Where the columns are: the table's left edge, each column's width and alignment (its header cell's `align`). */
interface Grid {
  x: number;
  widths: number[];
  aligns: string[];
}

function cellLines(measure: Measure, row: Row, widths: number[]): Line[][] {
  return widths.map((width, column) => {
    const cell = row.cells[column];
    return breakLines(cell ? runsOf(cell, row.header ? HEADER : CELL) : [], width - PAD * 2, measure, CELL_SIZE);
  });
}

const rowHeight = (cells: Line[][]) => Math.max(1, ...cells.map((lines) => lines.length)) * LINE + PAD * 2;

function drawRow(ctx: LayoutContext, grid: Grid, cells: Line[][], header: boolean, onNewSheet: () => void): void {
  const { flow } = ctx;
  const total = Math.max(1, ...cells.map((lines) => lines.length));
  const fitsASheet = rowHeight(cells) <= flow.pageHeight;
  if (!flow.atTop && fitsASheet && flow.y + rowHeight(cells) > flow.bottom) {
    flow.newSheet();
    onNewSheet();
  }
  let start = 0;
  while (start < total) {
    const room = Math.floor((flow.bottom - flow.y - PAD * 2) / LINE);
    if (room < 1) {
      flow.newSheet();
      onNewSheet();
      continue;
    }
    const end = Math.min(total, start + room);
    const from = start;
    flow.line((end - from) * LINE + PAD * 2, (y) => sliceOps(grid, y, cells, from, end, header));
    start = end;
    if (start < total) {
      flow.newSheet();
      onNewSheet();
    }
  }
}

/** Lines `from` to `end` of every cell of a row, with the cells' borders. */
function sliceOps(grid: Grid, y: number, cells: Line[][], from: number, end: number, header: boolean): Op[] {
  const h = (end - from) * LINE + PAD * 2;
  const ops: Op[] = [];
  let left = grid.x;
  grid.widths.forEach((w, column) => {
    ops.push({ kind: 'rect', x: left, y, w, h, stroke: COLOR.rule, ...(header ? { fill: COLOR.tableHeader } : {}) });
    const align = grid.aligns[column];
    cells[column]!.slice(from, end).forEach((line, index) => {
      const room = w - PAD * 2 - line.pieces.reduce((sum, piece) => sum + piece.width, 0);
      const offset = align === 'right' ? room : align === 'center' ? room / 2 : 0;
      ops.push(...lineOps(line, left + PAD + offset, y + PAD + index * LINE, LINE));
    });
    left += w;
  });
  return ops;
}

/**
 * Each column gets what its longest cell asks for when everything fits; otherwise an equal share
 * first, and what narrow columns leave goes to the wider ones in proportion to what they lack.
 */
export function columnWidths(measure: Measure, rows: Row[], width: number): number[] {
  const columns = Math.max(1, ...rows.map((row) => row.cells.length));
  const wanted = Array.from({ length: columns }, (_, column) =>
    Math.max(MIN_COLUMN, ...rows.map((row) => naturalWidth(measure, row, column))),
  );
  const sum = wanted.reduce((a, b) => a + b, 0);
  if (sum <= width) return wanted.map((w) => (w / sum) * width);
  const share = width / columns;
  const base = wanted.map((w) => Math.min(w, share));
  const left = width - base.reduce((a, b) => a + b, 0);
  const lacking = wanted.map((w, column) => w - base[column]!);
  const lackSum = lacking.reduce((a, b) => a + b, 0);
  return base.map((w, column) => (lackSum > 0 ? w + (left * lacking[column]!) / lackSum : w));
}

function naturalWidth(measure: Measure, row: Row, column: number): number {
  const cell = row.cells[column];
  if (!cell) return 0;
  const runs = runsOf(cell, row.header ? HEADER : CELL);
  return runs.reduce((sum, run) => sum + measure(run.text, run.style), 0) + PAD * 2;
}
