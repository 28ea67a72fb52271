import type { MarkdownPage, Result } from '../../../src-shared/content/index.js';
import type { Prepare } from '../pipeline/execute.js';
import type { WorkerPool } from '../workers/pool.js';

/**
 * A request whose Markdown documents hold more than this in all has them read in a worker before
 * its transaction opens; less is read inline, where a worker's round trip would cost more than it
 * saves (reading 4 KiB of Markdown takes a few milliseconds; 1 MiB, seconds).
 */
export const LARGE_MARKDOWN_CHARS = 4 * 1024;

/** How deep a body is searched for documents: the contract's own nesting is far shallower. */
const MAX_DEPTH = 16;

/**
 * The pipeline's `prepare` for Markdown: a request whose body holds much Markdown (`{markdown:
 * "…"}` anywhere, as page writes and imports carry them: one large page, or many small ones) has
 * it read in the engine's worker threads first; the handler then takes the result from `ctx.markdown`
 * (`parsePageDocument`). The body is not validated yet: what is read and never used costs only
 * the worker's time, after the caller was authenticated.
 */
export function prepareLargeMarkdown(workers: WorkerPool): Prepare {
  return (body) => {
    const texts = markdownIn(body);
    if ([...texts].reduce((sum, text) => sum + text.length, 0) <= LARGE_MARKDOWN_CHARS) return undefined;
    return async () => {
      const read = await Promise.all([...texts].map(async (text) => [text, await workers.run('markdownToPm', text)] as const));
      return { markdown: new Map<string, Result<MarkdownPage>>(read) };
    };
  };
}

function markdownIn(body: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return;
    if (Array.isArray(value)) return value.forEach((item) => visit(item, depth + 1));
    for (const [key, item] of Object.entries(value)) {
      if (key === 'markdown' && typeof item === 'string') found.add(item);
      else visit(item, depth + 1);
    }
  };
  visit(body, 0);
  return found;
}
