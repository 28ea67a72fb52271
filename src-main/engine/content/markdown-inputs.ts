import { markdownToPm } from '../../../src-shared/content/index.js';
import { MAX_DOCUMENT_BLOCKS } from '../../../src-shared/contract/limits.js';
import type { ReadMarkdown } from '../pipeline/context.js';

/** Markdown a request sends, read within the limits of a body written on the event loop (`MAX_DOCUMENT_BLOCKS`). */
export const readRequestMarkdown: ReadMarkdown = (markdown) => markdownToPm(markdown, MAX_DOCUMENT_BLOCKS);

/**
 * The Markdown texts a validated body carries to be read as page content: the `markdown` of
 * every `{markdown}` document input (a page's document, a comment's body), found without recursion.
 */
export function markdownInputs(body: unknown): string[] {
  const found: string[] = [];
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0]![0] === 'markdown' && typeof entries[0]![1] === 'string') found.push(entries[0]![1]);
    else for (const [, inner] of entries) stack.push(inner);
  }
  return found;
}
