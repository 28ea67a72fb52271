import type { Measure } from './line-breaker.js';
import type { TextStyle } from './style.js';

/** Text widths from pdfkit's metrics of the built-in fonts (read from their AFM files, no drawing). */
export function measureWith(doc: PDFKit.PDFDocument): Measure {
  const cache = new Map<string, number>();
  return (text, style) => {
    const key = `${style.font}\u0000${style.size}\u0000${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      width = doc.font(style.font).fontSize(style.size).widthOfString(text);
      if (cache.size > 50_000) cache.clear();
      cache.set(key, width);
    }
    return width;
  };
}

/** Where pdfkit puts a text's top relative to its baseline: the font's ascender (AFM, per 1000). */
export function ascent(style: TextStyle): number {
  return (style.font.startsWith('Courier') ? 0.629 : 0.718) * style.size;
}

