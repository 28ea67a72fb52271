import type { Flow } from './flow.js';
import type { Measure } from './line-breaker.js';
import type { FileName, ImageBytes } from './pdf-page.js';
import type { PdfImage } from './sheet.js';

/** What laying out blocks needs besides the blocks. */
export interface LayoutContext {
  flow: Flow;
  measure: Measure;
  /** An embeddable image from its bytes, or undefined when they are not PNG or JPEG. */
  openImage: (bytes: Uint8Array) => PdfImage | undefined;
  images?: ImageBytes;
  fileName?: FileName;
  /** How deep the list being laid out is, for its bullet. */
  listDepth: number;
}
