import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';

/** One page of content as the PDF shows it: its title, its depth in the page tree, its body. */
export interface PdfPage {
  id: string;
  title: string;
  /** 0 for a page at the root of the tree. */
  depth: number;
  /** The body as the content model's ProseMirror JSON (a `doc` node). */
  body: PmNodeJson;
}

/** The bytes of an image (PNG or JPEG) by its `src`, when they are at hand. */
export type ImageBytes = (src: string) => Uint8Array | undefined;

/** The name of a space file by its id, for `file` blocks. */
export type FileName = (fileId: string) => string | undefined;

/** Everything one PDF is made of. */
export interface PdfContent {
  /** The document's title: the space's, or the change request's subject. */
  title: string;
  /** A line under the title, e.g. "Change request #3 of Handbook". */
  subtitle?: string;
  /** Written as the PDF's creation date, so that the same content gives the same bytes. */
  date: Date;
  pages: PdfPage[];
  images?: ImageBytes;
  fileName?: FileName;
}
