/** Fonts, sizes and colours of the PDF: pdfkit's built-in fonts only, so nothing is downloaded or embedded. */

export type FontName =
  | 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique' | 'Helvetica-BoldOblique'
  | 'Courier' | 'Courier-Bold' | 'Courier-Oblique' | 'Courier-BoldOblique';

/** How a stretch of text is written. */
export interface TextStyle {
  font: FontName;
  size: number;
  color: string;
  link?: string;
  strike?: boolean;
  /** Inline code: a light shade behind the text. */
  shaded?: boolean;
}

export function fontFor(face: { bold?: boolean; italic?: boolean; mono?: boolean }): FontName {
  const family = face.mono ? 'Courier' : 'Helvetica';
  if (face.bold && face.italic) return `${family}-BoldOblique`;
  if (face.bold) return `${family}-Bold`;
  if (face.italic) return `${family}-Oblique`;
  return family;
}

/** Line height as a multiple of the font size. */
export const LEADING = 1.35;

export const SIZE = {
  body: 10.5,
  code: 9,
  small: 8.5,
  heading: { 1: 18, 2: 15, 3: 12.5 } as Record<number, number>,
  pageTitle: 22,
  documentTitle: 28,
};

export const COLOR = {
  text: '#1f2328',
  muted: '#656d76',
  link: '#0b57d0',
  rule: '#d0d7de',
  codeShade: '#f3f4f6',
  tableHeader: '#f6f8fa',
  quoteBar: '#c8ced6',
};

/** A hint's tint and its bar, by style. */
export const HINT_COLORS: Record<string, { fill: string; bar: string }> = {
  info: { fill: '#eaf2fe', bar: '#2f6fdb' },
  success: { fill: '#e9f7ef', bar: '#1f8a4c' },
  warning: { fill: '#fdf5e2', bar: '#c7841a' },
  danger: { fill: '#fdecec', bar: '#c9302c' },
};

/** A4 in points, with 2 cm margins. */
export const PAGE = { width: 595.28, height: 841.89, margin: 56 };
