import type { TextStyle } from './style.js';

/** An image pdfkit has read (its `openImage`), embedded where it is drawn. */
export interface PdfImage {
  width: number;
  height: number;
}

/** What one PDF page holds once laid out: drawing operations in page coordinates (points, y down). */
export type Op =
  | { kind: 'text'; x: number; y: number; text: string; style: TextStyle }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; fill?: string; stroke?: string }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; color: string; width: number }
  | { kind: 'image'; x: number; y: number; w: number; h: number; image: PdfImage }
  /** An internal link to a named destination (a page of the content), e.g. from the contents. */
  | { kind: 'goto'; x: number; y: number; w: number; h: number; destination: string }
  /** A text whose value is known only once every page is laid out (a page number in the contents). */
  | { kind: 'late-text'; x: number; y: number; width: number; text: () => string; style: TextStyle };

/** A shaded background: drawn under everything, outer containers under inner ones (`depth`). */
export interface Background {
  depth: number;
  op: Extract<Op, { kind: 'rect' }>;
}

export interface Sheet {
  backgrounds: Background[];
  ops: Op[];
  /** Named destinations (content pages starting here) and outline entries. */
  anchors: { destination: string; title: string; depth: number; y: number }[];
}

export const emptySheet = (): Sheet => ({ backgrounds: [], ops: [], anchors: [] });
