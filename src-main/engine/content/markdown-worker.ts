import { parentPort } from 'node:worker_threads';
import { markdownToPm, type MarkdownPage, type Result } from '../../../src-shared/content/index.js';

/**
 * A thread that reads Markdown into page bodies for the engine (`MarkdownReader`), so that the
 * parser's time never holds the engine's event loop.
 */
export interface MarkdownTask {
  id: number;
  markdown: string;
}

export interface MarkdownAnswer {
  id: number;
  result: Result<MarkdownPage>;
}

parentPort?.on('message', ({ id, markdown }: MarkdownTask) => {
  parentPort!.postMessage({ id, result: readSafely(markdown) } satisfies MarkdownAnswer);
});

function readSafely(markdown: string): Result<MarkdownPage> {
  try {
    return markdownToPm(markdown);
  } catch (error) {
    // The limits bound the parser's recursion; should a library's own run out of stack, the text is refused, not the thread.
    const message = error instanceof RangeError ? 'nested too deeply to read' : 'could not be read';
    return { ok: false, error: { kind: 'over-limit', message } };
  }
}
