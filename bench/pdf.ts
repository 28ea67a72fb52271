import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as Y from 'yjs';
import { openDatabase } from '../src-main/engine/app/open-database.js';
import { DocStore } from '../src-main/engine/core/docs/store.js';
import { branchContent } from '../src-main/engine/services/pdf/branch-pages.js';
import { renderPdf } from '../src-main/engine/services/pdf/render.js';
import { changeRequestBranch, pageDoc, treeDoc } from '../src-shared/sync/doc-names.js';
import { writeBody } from '../src-shared/content/yjs.js';
import { page } from './content-conversions.js';

export interface PdfBenchResult {
  pages: number;
  blocks: number;
  readMs: number;
  renderMs: number;
  /** PDF pages written. */
  sheets: number;
  bytes: number;
}

/**
 * The PDF of a change request of `pages` pages (10 sections of 10, each body `blocks` blocks of
 * every kind), read from its Yjs docs in SQLite, then rendered. Medians of `runs` runs after a
 * first one that warms up the JIT.
 */
export async function benchPdf(pages = 100, blocks = 60, runs = 5): Promise<PdfBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-pdf-'));
  const db = openDatabase(join(dir, 'folio.db')).db;
  try {
    const docs = new DocStore(db);
    const branch = changeRequestBranch('bench');
    seed(docs, branch, pages, blocks);
    const read: number[] = [];
    const render: number[] = [];
    let last = { sheets: 0, bytes: 0 };
    for (let run = 0; run <= runs; run++) {
      const readStart = performance.now();
      const content = db.transaction(() => branchContent(docs, 'space', branch), 'read')!;
      const renderStart = performance.now();
      const pdf = await renderPdf({ title: 'Bench', date: new Date(0), pages: content.pages });
      if (run === 0) continue;
      read.push(renderStart - readStart);
      render.push(performance.now() - renderStart);
      last = { sheets: pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0, bytes: pdf.length };
    }
    return { pages, blocks, readMs: median(read), renderMs: median(render), ...last };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function seed(docs: DocStore, branch: ReturnType<typeof changeRequestBranch>, pages: number, blocks: number): void {
  const tree = new Y.Doc();
  const map = tree.getMap<Y.Map<unknown>>('pages');
  for (let i = 0; i < pages; i++) {
    const entry = new Y.Map<unknown>();
    map.set(`page${i}`, entry);
    entry.set('type', 'document');
    entry.set('title', `Page ${i}`);
    entry.set('parent', i % 10 === 0 ? null : `page${i - (i % 10)}`);
    entry.set('position', `a${String(i % 10).padStart(2, '0')}`);
    const body = new Y.Doc();
    const written = writeBody(body, page(blocks));
    if (!written.ok) throw new Error(JSON.stringify(written.error));
    docs.append(pageDoc('space', branch, `page${i}`), Y.encodeStateAsUpdate(body));
  }
  docs.append(treeDoc('space', branch), Y.encodeStateAsUpdate(tree));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function report(result: PdfBenchResult): void {
  console.log(
    `\nPDF of a ${result.pages}-page change request (${result.blocks} blocks a page): read ${result.readMs.toFixed(0)} ms, render ${result.renderMs.toFixed(0)} ms ` +
      `(medians), ${result.sheets} PDF pages, ${(result.bytes / 1024).toFixed(0)} KiB`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) report(await benchPdf());
