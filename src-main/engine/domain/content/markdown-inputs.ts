import { markdownToPm } from '../../../../src-shared/content/index.js';
import { MAX_DOCUMENT_BLOCKS } from '../../../../src-shared/contract/limits.js';
import type { ReadMarkdown } from '../../core/pipeline/context.js';
import type { MarkdownInput } from '../../core/pipeline/execute.js';

/** Markdown a request sends, read within the limits of a body written on the event loop (`MAX_DOCUMENT_BLOCKS`). */
export const readRequestMarkdown: ReadMarkdown = (markdown) => markdownToPm(markdown, MAX_DOCUMENT_BLOCKS);

/**
 * The Markdown texts a validated body carries to be read as page content: the `markdown` of
 * every `{markdown}` document input (a page's document, a comment's body), found without
 * recursion, each text once. `newPage` marks the document of an `insert_page` change: only such
 * a body is worth building into a new doc ahead (built-body.ts).
 */
export function markdownInputs(body: unknown): MarkdownInput[] {
  const found = new Map<string, boolean>();
  const newPageDocs = new Set<unknown>();
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const record = value as Record<string, unknown>;
    const entries = Object.entries(record);
    if (entries.length === 1 && entries[0]![0] === 'markdown' && typeof entries[0]![1] === 'string') {
      const markdown = entries[0]![1];
      found.set(markdown, found.get(markdown) === true || newPageDocs.has(value));
      continue;
    }
    if (record.operation === 'insert_page') newPageDocs.add(record.document);
    for (const [, inner] of entries) stack.push(inner);
  }
  return [...found].map(([markdown, newPage]) => ({ markdown, newPage }));
}
