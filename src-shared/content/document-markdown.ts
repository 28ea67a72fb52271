import { documentToPm } from './document-in.js';
import { pmToDocument, type DocumentJson } from './document-out.js';
import type { PageMeta } from './front-matter.js';
import { markdownToPm } from './markdown-in.js';
import { pmToMarkdown } from './markdown-out.js';
import { ok, type Result } from './result.js';

/** `Document` JSON as Markdown, through the page body (block keys cannot go along: Markdown has no ids). */
export function documentToMarkdown(document: unknown, meta: PageMeta = {}): Result<string> {
  const body = documentToPm(document);
  return body.ok ? pmToMarkdown(body.value, meta) : body;
}

/** Markdown as `Document` JSON, with the front matter's page fields apart; blocks get fresh keys. */
export function markdownToDocument(markdown: string): Result<{ meta: PageMeta; document: DocumentJson }> {
  const page = markdownToPm(markdown);
  if (!page.ok) return page;
  const document = pmToDocument(page.value.body);
  return document.ok ? ok({ meta: page.value.meta, document: document.value }) : document;
}
