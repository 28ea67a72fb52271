import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import { blockText } from '../../../../src-shared/content/text.js';
import { codeBlock } from './code.js';
import type { LayoutContext } from './context.js';
import { plainRun, runsOf, type BaseStyle } from './inline.js';
import { list } from './lists.js';
import { file, image } from './media.js';
import { COLOR, HINT_COLORS, LEADING, SIZE, fontFor } from './style.js';
import { table } from './table.js';
import { flowText } from './text-lines.js';

const BODY: BaseStyle = { size: SIZE.body, color: COLOR.text };
/** Space between sibling blocks; tighter inside a list item, so that its blocks read as one item. */
const BLOCK_GAP = 6;
const ITEM_BLOCK_GAP = 3;

/** Lays out blocks one after the other, with a gap between siblings. */
export function layoutBlocks(ctx: LayoutContext, blocks: PmNodeJson[]): void {
  blocks.forEach((block, index) => {
    if (index > 0) ctx.flow.gap(block.type === 'heading' ? headingGap(block) : ctx.listDepth > 0 ? ITEM_BLOCK_GAP : BLOCK_GAP);
    layoutBlock(ctx, block);
  });
}

function layoutBlock(ctx: LayoutContext, block: PmNodeJson): void {
  switch (block.type) {
    case 'paragraph':
      return flowText(ctx.flow, runsOf(block, BODY), ctx.measure, BODY.size);
    case 'heading':
      return heading(ctx, block);
    case 'bullet_list':
    case 'ordered_list':
    case 'task_list':
      return list(ctx, block, layoutBlocks);
    case 'code_block':
      return codeBlock(ctx, block);
    case 'quote':
      return ctx.flow.box({ bar: { color: COLOR.quoteBar, width: 3 } }, { x: 14, y: 2 }, () => layoutBlocks(ctx, block.content ?? []));
    case 'hint':
      return hint(ctx, block);
    case 'table':
      return table(ctx, block);
    case 'image':
      return image(ctx, block);
    case 'file':
      return file(ctx, block);
    case 'divider':
      return divider(ctx);
    case 'expandable':
      return titled(ctx, textOf(block.content?.[0]), block.content?.slice(1) ?? []);
    case 'tabs':
      return ctx.flow.box({ bar: { color: COLOR.rule, width: 2 } }, { x: 10, y: 4 }, () => layoutBlocks(ctx, block.content ?? []));
    case 'tab':
      return titled(ctx, String(block.attrs?.title ?? ''), block.content ?? []);
    case 'embed':
      return embed(ctx, block);
    case 'math':
      // The TeX source, set as code: the engine has no TeX typesetter.
      return codeBlock(ctx, { type: 'code_block', attrs: { language: 'TeX' }, content: [{ type: 'text', text: String(block.attrs?.formula ?? '') }] });
    default:
      return opaque(ctx, block);
  }
}

function headingGap(block: PmNodeJson): number {
  return ({ 1: 14, 2: 11, 3: 8 } as Record<number, number>)[Number(block.attrs?.level)] ?? 8;
}

function heading(ctx: LayoutContext, block: PmNodeJson): void {
  const size = SIZE.heading[Number(block.attrs?.level)] ?? SIZE.heading[3]!;
  // A heading stays with the first lines of what follows it.
  ctx.flow.ensure(size * LEADING + SIZE.body * LEADING * 2);
  flowText(ctx.flow, runsOf(block, { size, color: COLOR.text, bold: true }), ctx.measure, size);
}

function hint(ctx: LayoutContext, block: PmNodeJson): void {
  const colors = HINT_COLORS[String(block.attrs?.style)] ?? HINT_COLORS.info!;
  ctx.flow.box({ fill: colors.fill, bar: { color: colors.bar, width: 3 } }, { x: 14, y: 8 }, () => layoutBlocks(ctx, block.content ?? []));
}

function divider(ctx: LayoutContext): void {
  const { left, right } = ctx.flow;
  ctx.flow.line(14, (y) => [{ kind: 'line', x1: left, y1: y + 7, x2: right, y2: y + 7, color: COLOR.rule, width: 1 }]);
}

function textOf(node: PmNodeJson | undefined): string {
  return (node?.content ?? []).map((text) => text.text ?? '').join('');
}

/** An expandable (printed open) or a tab: its title in bold, then its blocks, set in by a rule. */
function titled(ctx: LayoutContext, title: string, blocks: PmNodeJson[]): void {
  ctx.flow.box({ bar: { color: COLOR.quoteBar, width: 3 } }, { x: 14, y: 2 }, () => {
    if (title !== '') {
      const style = { size: SIZE.body, color: COLOR.text, bold: true };
      ctx.flow.ensure(SIZE.body * LEADING * 3);
      flowText(ctx.flow, [plainRun(title, { font: fontFor(style), size: style.size, color: style.color })], ctx.measure, SIZE.body);
      ctx.flow.gap(BLOCK_GAP);
    }
    layoutBlocks(ctx, blocks);
  });
}

/** An embed as its address: the PDF never loads it. */
function embed(ctx: LayoutContext, block: PmNodeJson): void {
  const label = { font: fontFor({ bold: true }), size: SIZE.body, color: COLOR.text };
  const value = { font: fontFor({}), size: SIZE.body, color: COLOR.link };
  flowText(ctx.flow, [plainRun('Embedded: ', label), plainRun(String(block.attrs?.url ?? ''), value)], ctx.measure, SIZE.body);
}

/** A block the content model keeps verbatim: its text, muted. */
function opaque(ctx: LayoutContext, block: PmNodeJson): void {
  const text = blockText(block);
  if (text === '') return;
  const style = { font: fontFor({ italic: true }), size: SIZE.body, color: COLOR.muted };
  flowText(ctx.flow, [plainRun(text, style)], ctx.measure, SIZE.body);
}
