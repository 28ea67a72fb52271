import type { Node, ResolvedPos } from 'prosemirror-model';
import { Selection, TextSelection, type Command, type EditorState } from 'prosemirror-state';
import { pageSchema } from '../../src-shared/content/schema.js';

const { nodes } = pageSchema;

/**
 * Table commands of our own rather than prosemirror-tables': that module wants a table of rows
 * of cells with a header row, and the content model's table holds its column titles directly
 * (`table_header+ table_row*`, as the `Document` keeps definitions apart from records), with one
 * cell per column and no spans (docs/editor.md).
 */
interface CellAt {
  table: Node;
  /** Where the table starts. */
  tablePos: number;
  /** The row the cursor is in, -1 for the column titles. */
  row: number;
  column: number;
}

export function cellAt($pos: ResolvedPos): CellAt | undefined {
  for (let depth = $pos.depth; depth > 0; depth--) {
    const node = $pos.node(depth);
    if (node.type === nodes.table_header) {
      return { table: $pos.node(depth - 1), tablePos: $pos.before(depth - 1), row: -1, column: $pos.index(depth - 1) };
    }
    if (node.type === nodes.table_cell) {
      const table = $pos.node(depth - 2);
      return { table, tablePos: $pos.before(depth - 2), row: $pos.index(depth - 2) - columns(table), column: $pos.index(depth - 1) };
    }
  }
  return undefined;
}

export function columns(table: Node): number {
  let count = 0;
  table.forEach((child) => void (child.type === nodes.table_header && count++));
  return count;
}

/** Where each cell's text starts, titles first, then row by row. */
function cellStarts(table: Node, tablePos: number): number[] {
  const starts: number[] = [];
  table.forEach((child, offset) => {
    const at = tablePos + 1 + offset;
    if (child.type === nodes.table_header) starts.push(at + 1);
    else child.forEach((_cell, cellOffset) => void starts.push(at + 1 + cellOffset + 1));
  });
  return starts;
}

const emptyRow = (count: number) => nodes.table_row!.create(null, Array.from({ length: count }, () => nodes.table_cell!.create()));

/** Tab and Shift-Tab: the next or previous cell; Tab in the last cell adds a row. */
export function goToCell(step: 1 | -1): Command {
  return (state, dispatch) => {
    const at = cellAt(state.selection.$head);
    if (!at) return false;
    if (!dispatch) return true;
    const starts = cellStarts(at.table, at.tablePos);
    const count = columns(at.table);
    const current = at.row < 0 ? at.column : count + at.row * count + at.column;
    const next = current + step;
    const tr = state.tr;
    if (next >= starts.length) {
      const end = at.tablePos + at.table.nodeSize - 1;
      tr.insert(end, emptyRow(count));
      tr.setSelection(TextSelection.create(tr.doc, end + 2));
    } else if (next >= 0) {
      const cell = tr.doc.resolve(starts[next]!);
      tr.setSelection(TextSelection.create(tr.doc, cell.pos, cell.pos + cell.parent.content.size));
    }
    dispatch(tr.scrollIntoView());
    return true;
  };
}

/**
 * ArrowUp and ArrowDown: the cell above or below, and out of the table past its first or last
 * row (the browser's own caret movement is lost in a table whose titles are not in a row).
 */
export function verticalCell(step: 1 | -1): Command {
  return (state, dispatch, view) => {
    const at = cellAt(state.selection.$head);
    if (!at || (view && !view.endOfTextblock(step === 1 ? 'down' : 'up'))) return false;
    if (!dispatch) return true;
    const count = columns(at.table);
    const rows = at.table.childCount - count;
    const target = at.row + step;
    const tr = state.tr;
    if (target < -1 || target >= rows) {
      const outside = step === 1 ? at.tablePos + at.table.nodeSize : at.tablePos;
      // Below a table that ends its container, a line to write on is made.
      const $outside = tr.doc.resolve(outside);
      if (step === 1 && !$outside.nodeAfter && $outside.parent.canReplaceWith($outside.index(), $outside.index(), nodes.paragraph!)) {
        tr.insert(outside, nodes.paragraph!.create());
        tr.setSelection(TextSelection.create(tr.doc, outside + 1));
      } else tr.setSelection(Selection.near($outside, step));
    } else {
      const index = target < 0 ? at.column : count + target * count + at.column;
      tr.setSelection(TextSelection.create(tr.doc, cellStarts(at.table, at.tablePos)[index]!));
    }
    dispatch(tr.scrollIntoView());
    return true;
  };
}

function tableCommand(run: (state: EditorState, at: CellAt) => ReturnType<EditorState['tr']['insert']> | undefined): Command {
  return (state, dispatch) => {
    const at = cellAt(state.selection.$head);
    if (!at) return false;
    const tr = run(state, at);
    if (!tr) return false;
    dispatch?.(tr.scrollIntoView());
    return true;
  };
}

/** A row below the cursor's (the first row, from the column titles). */
export const addRowAfter = tableCommand((state, at) => {
  const pos = at.tablePos + 1 + sizeOfFirst(at.table, columns(at.table) + at.row + 1);
  const tr = state.tr.insert(pos, emptyRow(columns(at.table)));
  return tr.setSelection(TextSelection.create(tr.doc, pos + 2));
});

/** A column right of the cursor's: a title and a cell in every row. */
export const addColumnAfter = tableCommand((state, at) => {
  const column = at.column + 1;
  // Titles come first, so the new title goes after the first `column` of them.
  const places = [{ pos: at.tablePos + 1 + sizeOfFirst(at.table, column), node: nodes.table_header!.create() }];
  at.table.forEach((child, offset) => {
    if (child.type !== nodes.table_row) return;
    places.push({ pos: at.tablePos + 1 + offset + 1 + sizeOfFirst(child, column), node: nodes.table_cell!.create() });
  });
  const tr = state.tr;
  // From the end, so that earlier positions hold.
  for (const place of places.sort((a, b) => b.pos - a.pos)) tr.insert(place.pos, place.node);
  return tr;
});

/** The size of the first `count` children of `node`. */
function sizeOfFirst(node: Node, count: number): number {
  let offset = 0;
  for (let index = 0; index < count && index < node.childCount; index++) offset += node.child(index).nodeSize;
  return offset;
}

/** Takes out the cursor's row (the column titles stay: a table always has them). */
export const removeRow = tableCommand((state, at) => {
  if (at.row < 0) return undefined;
  const index = columns(at.table) + at.row;
  const pos = at.tablePos + 1 + sizeOfFirst(at.table, index);
  return state.tr.delete(pos, pos + at.table.child(index).nodeSize);
});

/** Takes out the cursor's column; a table keeps at least one. */
export const removeColumn = tableCommand((state, at) => {
  if (columns(at.table) < 2) return undefined;
  const start = at.tablePos + 1;
  const ranges: [number, number][] = [[start + sizeOfFirst(at.table, at.column), start + sizeOfFirst(at.table, at.column + 1)]];
  at.table.forEach((child, offset) => {
    if (child.type === nodes.table_row) ranges.push([start + offset + 1 + sizeOfFirst(child, at.column), start + offset + 1 + sizeOfFirst(child, at.column + 1)]);
  });
  const tr = state.tr;
  for (const [from, to] of ranges.sort((a, b) => b[0] - a[0])) tr.delete(from, to);
  return tr;
});

/** Takes out the whole table. */
export const removeTable = tableCommand((state, at) => state.tr.delete(at.tablePos, at.tablePos + at.table.nodeSize));

/** The most cells a paste may bring in one table; past it the paste is refused with a message. */
export const MAX_PASTED_CELLS = 2_000;

/** The cells of the largest table in `node`. */
export function largestTable(node: Pick<Node, "descendants">): number {
  let most = 0;
  node.descendants((child) => {
    if (child.type !== nodes.table) return true;
    let cells = 0;
    child.forEach((row) => void (cells += row.type === nodes.table_header ? 1 : row.childCount));
    most = Math.max(most, cells);
    return false;
  });
  return most;
}
