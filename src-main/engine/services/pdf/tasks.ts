import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import { bodyFromRows } from '../../domain/content/page-body.js';
import { dataUrlImages } from './data-url-images.js';
import type { PdfPage } from './pdf-page.js';
import { renderPdf } from './render.js';

/** A page of a PDF as the engine hands it over: its body doc as stored (built in the worker) or a body already made. */
export interface PdfJobPage {
  id: string;
  title: string;
  depth: number;
  body: { updates: Uint8Array[] } | { json: PmNodeJson };
}

/** Everything one PDF is made of, as plain data that crosses to a worker thread. */
export interface PdfJob {
  title: string;
  subtitle?: string;
  date: Date;
  pages: PdfJobPage[];
  fileNames: Map<string, string>;
}

declare module '../../core/workers/tasks.js' {
  interface WorkerTasks {
    /** Reads the pages' bodies from their docs, lays them out and draws the PDF. */
    renderPdf: { input: PdfJob; output: Uint8Array };
  }
}

export const pdfTasks = {
  async renderPdf(job: PdfJob): Promise<Uint8Array> {
    const bytes = await renderPdf({
      title: job.title,
      subtitle: job.subtitle,
      date: job.date,
      pages: pagesOf(job.pages),
      images: dataUrlImages,
      fileName: (fileId) => job.fileNames.get(fileId),
    });
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  },
};

/** The pages with their bodies read from their docs' state. */
export function pagesOf(pages: readonly PdfJobPage[]): PdfPage[] {
  return pages.map(({ body, ...page }) => ({ ...page, body: 'json' in body ? body.json : bodyFromRows(body.updates) }));
}


