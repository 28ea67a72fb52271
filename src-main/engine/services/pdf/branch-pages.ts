import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import type { DocStore } from '../../core/docs/store.js';
import { pageDoc, treeDoc, type Branch } from '../../../../src-shared/sync/doc-names.js';
import { readingOrder, treeFileNames, treePages, type TreePage } from './page-tree.js';
import type { PdfPage } from './pdf-page.js';
import { pagesOf, type PdfJobPage } from './tasks.js';

/** Which pages a PDF holds: all of them, or one page with (`only` false) or without its subpages. */
export interface PageSelection {
  page?: string;
  only?: boolean;
}

export interface BranchContent {
  pages: PdfPage[];
  fileNames: Map<string, string>;
}

/** A branch's pages with their bodies as their docs' state, for a worker to read (pdf/tasks.ts). */
export interface BranchJob {
  pages: PdfJobPage[];
  fileNames: Map<string, string>;
}

/**
 * The pages of a branch (the space's main content or a change request's), read from its docs:
 * the tree doc for the order, titles and files, each page's body doc for its body. Undefined
 * when the selected page is not in the tree.
 */
export function branchContent(docs: DocStore, spaceId: string, branch: Branch, selection: PageSelection = {}): BranchContent | undefined {
  const job = branchJob(docs, spaceId, branch, selection);
  return job && { pages: pagesOf(job.pages), fileNames: job.fileNames };
}

/**
 * The same, with each document page's body as its doc's state, read from the store without
 * building the doc: converting bodies is the worker's (pdf/tasks.ts), not the event loop's.
 */
export function branchJob(docs: DocStore, spaceId: string, branch: Branch, selection: PageSelection = {}): BranchJob | undefined {
  const tree = docs.load(treeDoc(spaceId, branch));
  const all = treePages(tree);
  if (selection.page !== undefined && !all.some((page) => page.id === selection.page)) return undefined;
  const ordered = readingOrder(all, selection.page);
  const chosen = selection.page !== undefined && selection.only ? ordered.slice(0, 1) : ordered;
  return {
    pages: chosen.map(({ page, depth }) => ({ id: page.id, title: page.title, depth, body: bodyOf(docs, spaceId, branch, page) })),
    fileNames: treeFileNames(tree),
  };
}

const EMPTY: PmNodeJson = { type: 'doc', content: [] };

function bodyOf(docs: DocStore, spaceId: string, branch: Branch, page: TreePage): PdfJobPage['body'] {
  if (page.type === 'document') return { updates: docs.updatesOf(pageDoc(spaceId, branch, page.id)) };
  return { json: page.type === 'link' ? linkBody(page.target) : EMPTY };
}

/** A link page's body: its address, when it points outside the space. */
function linkBody(target: unknown): PmNodeJson {
  const url = (target as { kind?: unknown; url?: unknown } | undefined)?.url;
  if (typeof url !== 'string' || url === '') return EMPTY;
  return {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }] }],
  };
}
