// A type only: pdfkit and its font tables (fontkit, brotli, unicode tries: ~0.2 s of CPU) load on the
// first PDF, not with every process that holds the engine (docs/performance.md, "Children's start").
import type PDFDocument from 'pdfkit';
import type { LayoutContext } from './context.js';
import { layoutDocument } from './document-layout.js';
import { emitSheets } from './emit.js';
import { Flow } from './flow.js';
import { measureWith } from './metrics.js';
import type { PdfContent } from './pdf-page.js';
import type { PdfImage } from './sheet.js';

/**
 * The PDF of `content`. Layout runs first, over pdfkit's font metrics, into sheets of drawing
 * operations; then the sheets are drawn. Everything that would vary between runs is fixed (the
 * creation date is `content.date`, the file id derives from it), so the same content gives the
 * same bytes.
 */
export async function renderPdf(content: PdfContent): Promise<Buffer> {
  const { default: PdfKitDocument }: { default: typeof PDFDocument } = await import('pdfkit');
  const doc = new PdfKitDocument({
    autoFirstPage: false,
    size: 'A4',
    margin: 0,
    displayTitle: true,
    info: { Title: content.title, Creator: 'Folio', Producer: 'Folio', CreationDate: content.date },
  });
  const bytes = collect(doc);
  const flow = new Flow();
  const ctx: LayoutContext = {
    flow,
    measure: measureWith(doc),
    openImage: (data) => openImage(doc, data),
    images: content.images,
    fileName: content.fileName,
    listDepth: 0,
  };
  const starts = new Map<string, number>();
  layoutDocument(ctx, content, (destination) => starts.get(destination) ?? 0);
  flow.sheets.forEach((sheet, index) => sheet.anchors.forEach((anchor) => starts.set(anchor.destination, index + 1)));
  emitSheets(doc, flow.sheets);
  doc.end();
  return bytes;
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** pdfkit reads PNG and JPEG; other bytes (or a broken file) are not an image it can embed. */
function openImage(doc: PDFKit.PDFDocument, data: Uint8Array): PdfImage | undefined {
  try {
    const image = (doc as unknown as { openImage(src: Buffer): PdfImage }).openImage(Buffer.from(data));
    return image.width > 0 && image.height > 0 ? image : undefined;
  } catch {
    return undefined;
  }
}
