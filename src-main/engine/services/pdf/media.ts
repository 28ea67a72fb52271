import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import type { LayoutContext } from './context.js';
import { plainRun } from './inline.js';
import { COLOR, SIZE, fontFor, type TextStyle } from './style.js';
import { flowText } from './text-lines.js';

const CAPTION: TextStyle = { font: fontFor({ italic: true }), size: SIZE.small, color: COLOR.muted };
const STAND_IN: TextStyle = { font: fontFor({ italic: true }), size: SIZE.body, color: COLOR.muted };
/** Images are drawn at 96 pixels to the inch, smaller when the column or the sheet is narrower. */
const POINTS_PER_PIXEL = 0.75;

/** An image embedded from its bytes when they are at hand, otherwise its alternative text; then its caption. */
export function image(ctx: LayoutContext, block: PmNodeJson): void {
  const src = String(block.attrs?.src ?? '');
  const alt = String(block.attrs?.alt ?? '');
  const caption = String(block.attrs?.caption ?? '');
  const bytes = src === '' ? undefined : ctx.images?.(src);
  const opened = bytes && ctx.openImage(bytes);
  if (opened) {
    const { flow } = ctx;
    const scale = Math.min(POINTS_PER_PIXEL, flow.width / opened.width, (flow.pageHeight * 0.8) / opened.height);
    const w = opened.width * scale;
    const h = opened.height * scale;
    const x = flow.left + (flow.width - w) / 2;
    flow.line(h, (y) => [{ kind: 'image', x, y, w, h, image: opened }]);
  } else {
    flowText(ctx.flow, [plainRun(`[Image: ${alt || caption || src}]`, STAND_IN)], ctx.measure, STAND_IN.size);
  }
  if (caption !== '') {
    ctx.flow.gap(3);
    flowText(ctx.flow, [plainRun(caption, CAPTION)], ctx.measure, CAPTION.size);
  }
}

/** A file of the space: its name, and its caption. */
export function file(ctx: LayoutContext, block: PmNodeJson): void {
  const fileId = String(block.attrs?.fileId ?? '');
  const name = ctx.fileName?.(fileId) ?? fileId;
  const label: TextStyle = { font: fontFor({ bold: true }), size: SIZE.body, color: COLOR.text };
  const value: TextStyle = { font: fontFor({}), size: SIZE.body, color: COLOR.text };
  flowText(ctx.flow, [plainRun('Attachment: ', label), plainRun(name, value)], ctx.measure, SIZE.body);
  const caption = String(block.attrs?.caption ?? '');
  if (caption !== '') flowText(ctx.flow, [plainRun(caption, CAPTION)], ctx.measure, CAPTION.size);
}
