import type { Op, Sheet } from './sheet.js';
import { COLOR, PAGE, SIZE, fontFor } from './style.js';

const FOOTER = { font: fontFor({}), size: SIZE.small, color: COLOR.muted };

/**
 * Draws laid-out sheets into pdfkit, one PDF page each: backgrounds first (outer containers under
 * inner ones), then text and lines, then the page's destinations and outline entries and its
 * number. Margins are zero here: the layout already kept everything inside them.
 */
export function emitSheets(doc: PDFKit.PDFDocument, sheets: Sheet[]): void {
  const outline: PDFKit.PDFOutline[] = [];
  sheets.forEach((sheet, index) => {
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    [...sheet.backgrounds].sort((a, b) => a.depth - b.depth).forEach(({ op }) => draw(doc, op));
    sheet.ops.forEach((op) => draw(doc, op));
    for (const anchor of sheet.anchors) {
      doc.addNamedDestination(anchor.destination, 'XYZ', null, anchor.y, null);
      const parent = outline[Math.min(anchor.depth, outline.length) - 1] ?? doc.outline;
      outline.length = Math.min(anchor.depth, outline.length);
      outline.push(parent.addItem(anchor.title));
    }
    if (index > 0) footer(doc, String(index + 1));
  });
}

function footer(doc: PDFKit.PDFDocument, text: string): void {
  doc.font(FOOTER.font).fontSize(FOOTER.size).fillColor(FOOTER.color);
  const width = doc.widthOfString(text);
  doc.text(text, (PAGE.width - width) / 2, PAGE.height - PAGE.margin / 2 - FOOTER.size, { lineBreak: false });
}

function draw(doc: PDFKit.PDFDocument, op: Op): void {
  switch (op.kind) {
    case 'text':
      doc.font(op.style.font).fontSize(op.style.size).fillColor(op.style.color);
      doc.text(op.text, op.x, op.y, { lineBreak: false, link: op.style.link, underline: !!op.style.link, strike: !!op.style.strike });
      return;
    case 'late-text': {
      const text = op.text();
      doc.font(op.style.font).fontSize(op.style.size).fillColor(op.style.color);
      doc.text(text, op.x + op.width - doc.widthOfString(text), op.y, { lineBreak: false });
      return;
    }
    case 'rect':
      doc.rect(op.x, op.y, op.w, op.h);
      if (op.fill && op.stroke) doc.lineWidth(0.75).fillAndStroke(op.fill, op.stroke);
      else if (op.fill) doc.fill(op.fill);
      else doc.lineWidth(0.75).stroke(op.stroke ?? COLOR.rule);
      return;
    case 'line':
      doc.moveTo(op.x1, op.y1).lineTo(op.x2, op.y2).lineWidth(op.width).stroke(op.color);
      return;
    case 'image':
      doc.image(op.image as never, op.x, op.y, { width: op.w, height: op.h });
      return;
    case 'goto':
      doc.goTo(op.x, op.y, op.w, op.h, op.destination);
      return;
  }
}
