import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import type { LayoutContext } from './context.js';
import type { Op } from './sheet.js';
import { COLOR, SIZE, fontFor, type TextStyle } from './style.js';
import { textTop } from './text-lines.js';

const INDENT = 20;
const ITEM_GAP = 3;
const BULLETS = ['\u2022', '\u2013', '\u00b7'];
const MARKER_STYLE: TextStyle = { font: fontFor({}), size: SIZE.body, color: COLOR.text };

type LayoutBlocks = (ctx: LayoutContext, blocks: PmNodeJson[]) => void;

/** A bulleted, numbered or task list: each item's blocks indented, its marker beside its first line. */
export function list(ctx: LayoutContext, block: PmNodeJson, layoutBlocks: LayoutBlocks): void {
  const start = Number(block.attrs?.start ?? 1);
  (block.content ?? []).forEach((item, index) => {
    if (index > 0) ctx.flow.gap(ITEM_GAP);
    const x = ctx.flow.left;
    const checked = item.attrs?.checked === true;
    const text = markerText(block, ctx.listDepth, start + index);
    if (block.type === 'task_list') ctx.flow.setMarker((y, height) => checkbox(x, y, height, checked));
    else ctx.flow.setMarker((y, height) => textMarker(ctx, text, x, y, height));
    ctx.listDepth++;
    try {
      ctx.flow.indent(INDENT, () => layoutBlocks(ctx, item.content ?? []));
    } finally {
      ctx.listDepth--;
    }
  });
}

function markerText(block: PmNodeJson, depth: number, number: number): string {
  return block.type === 'ordered_list' ? `${number}.` : BULLETS[depth % BULLETS.length]!;
}

/** The marker right-aligned in the indent, on the baseline of the item's first line. */
function textMarker(ctx: LayoutContext, text: string, x: number, y: number, height: number): Op[] {
  const width = ctx.measure(text, MARKER_STYLE);
  return [{ kind: 'text', x: x + INDENT - 6 - width, y: textTop(y, height, MARKER_STYLE), text, style: MARKER_STYLE }];
}

function checkbox(x: number, y: number, height: number, checked: boolean): Op[] {
  const size = 8;
  const top = y + height / 2 - size / 2;
  const left = x + INDENT - 6 - size;
  const box: Op = { kind: 'rect', x: left, y: top, w: size, h: size, stroke: COLOR.muted };
  if (!checked) return [box];
  return [
    box,
    { kind: 'line', x1: left + 1.5, y1: top + 4.2, x2: left + 3.5, y2: top + 6.5, color: COLOR.text, width: 1.2 },
    { kind: 'line', x1: left + 3.5, y1: top + 6.5, x2: left + 7, y2: top + 1.5, color: COLOR.text, width: 1.2 },
  ];
}
