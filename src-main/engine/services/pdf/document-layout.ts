import { layoutBlocks } from './blocks.js';
import type { LayoutContext } from './context.js';
import { plainRun } from './inline.js';
import { breakLines } from './line-breaker.js';
import type { PdfContent, PdfPage } from './pdf-page.js';
import type { Op } from './sheet.js';
import { COLOR, LEADING, SIZE, fontFor, type TextStyle } from './style.js';
import { flowText, lineOps, textTop } from './text-lines.js';

const TITLE: TextStyle = { font: fontFor({ bold: true }), size: SIZE.documentTitle, color: COLOR.text };
const SUBTITLE: TextStyle = { font: fontFor({}), size: 13, color: COLOR.muted };
const CONTENTS: TextStyle = { font: fontFor({ bold: true }), size: 14, color: COLOR.text };
const ENTRY: TextStyle = { font: fontFor({}), size: SIZE.body, color: COLOR.text };
const NUMBER_COLUMN = 36;
const CONTENTS_INDENT = 14;

/** The named destination of a content page: where the contents and the outline lead. */
export const destinationOf = (index: number) => `page-${index + 1}`;

/**
 * Lays out the whole PDF: a title sheet with the contents, then every page, each starting on a
 * new sheet (a page with an empty body, such as a group, shares its sheet with what follows).
 * `sheetOf` answers, once everything is laid out, on which sheet each page starts.
 */
export function layoutDocument(ctx: LayoutContext, content: PdfContent, sheetOf: (destination: string) => number): void {
  titleSheet(ctx, content, sheetOf);
  let previousEmpty = false;
  content.pages.forEach((page, index) => {
    if (previousEmpty) ctx.flow.gap(18);
    else ctx.flow.newSheet();
    pageSection(ctx, page, destinationOf(index));
    previousEmpty = (page.body.content ?? []).length === 0;
  });
}

function titleSheet(ctx: LayoutContext, content: PdfContent, sheetOf: (destination: string) => number): void {
  const { flow, measure } = ctx;
  flow.advance(flow.pageHeight * 0.2);
  flowText(flow, [plainRun(content.title || 'Untitled', TITLE)], measure, TITLE.size);
  if (content.subtitle) {
    flow.gap(6);
    flowText(flow, [plainRun(content.subtitle, SUBTITLE)], measure, SUBTITLE.size);
  }
  flow.gap(4);
  flowText(flow, [plainRun(content.date.toISOString().slice(0, 10), { ...SUBTITLE, size: SIZE.small })], measure, SIZE.small);
  if (content.pages.length === 0) return;
  flow.gap(36);
  flowText(flow, [plainRun('Contents', CONTENTS)], measure, CONTENTS.size);
  flow.gap(6);
  content.pages.forEach((page, index) => contentsEntry(ctx, page, destinationOf(index), sheetOf));
}

/** One line of the contents (more when the title wraps), with its page number and a link to the page. */
function contentsEntry(ctx: LayoutContext, page: PdfPage, destination: string, sheetOf: (destination: string) => number): void {
  const { flow, measure } = ctx;
  flow.indent(page.depth * CONTENTS_INDENT, () => {
    const lines = breakLines([plainRun(page.title || 'Untitled', ENTRY)], flow.width - NUMBER_COLUMN, measure, ENTRY.size);
    lines.forEach((line, index) => {
      const height = line.size * LEADING;
      const { left, right } = flow;
      flow.line(height, (y) => [
        ...lineOps(line, left, y, height),
        { kind: 'goto', x: left, y, w: right - left, h: height, destination },
        ...(index === 0 ? [pageNumber(right, textTop(y, height, ENTRY), () => String(sheetOf(destination)))] : []),
      ]);
    });
  });
}

/** A page number right-aligned against `right`, known once every page is laid out. */
function pageNumber(right: number, y: number, text: () => string): Op {
  return { kind: 'late-text', x: right - NUMBER_COLUMN, y, width: NUMBER_COLUMN, text, style: ENTRY };
}

function pageSection(ctx: LayoutContext, page: PdfPage, destination: string): void {
  const { flow, measure } = ctx;
  const size = Math.max(SIZE.heading[1]!, SIZE.pageTitle - page.depth * 2);
  const style: TextStyle = { font: fontFor({ bold: true }), size, color: COLOR.text };
  flow.ensure(size * LEADING + SIZE.body * LEADING * 3);
  flow.sheet.anchors.push({ destination, title: page.title || 'Untitled', depth: page.depth, y: flow.y });
  flowText(flow, [plainRun(page.title || 'Untitled', style)], measure, size);
  const { left, right } = flow;
  flow.line(12, (y) => [{ kind: 'line', x1: left, y1: y + 5, x2: right, y2: y + 5, color: COLOR.rule, width: 0.75 }]);
  layoutBlocks(ctx, page.body.content ?? []);
}
