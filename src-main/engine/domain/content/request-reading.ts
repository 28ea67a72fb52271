import type { MarkdownPage, Result } from '../../../../src-shared/content/index.js';
import { contract } from '../../../../src-shared/contract/index.js';
import type { OperationDef } from '../../../../src-shared/contract/operation.js';
import type { ReadMarkdown, ReadPageExtras } from '../../core/pipeline/context.js';
import type { LargeBody, MarkdownInput, RequestReading } from '../../core/pipeline/execute.js';
import { isFailure } from '../../core/pipeline/failure.js';
import { parsePart } from '../../core/pipeline/validate.js';
import { READ_TIMEOUT_MS, readingFailure, type WorkerPool } from '../../core/workers/pool.js';
import { inlineFileBytes } from './file-changes.js';
import { withBuiltBody } from './built-body.js';
import { markdownInputs, readRequestMarkdown } from './markdown-inputs.js';

/** How a request's reading runs in the pool: ahead of long work, refused past `READ_TIMEOUT_MS`. */
const READING = { lane: 'request', timeoutMs: READ_TIMEOUT_MS } as const;

/** A large body as a worker answers it: why it is refused, or its value and each of its Markdown texts read. */
export type ParsedBody = { problem: string } | { value: unknown; markdown: [string, Result<ReadPage>][] };

/** A page read in a worker, with its body built for a new page (built-body.ts). */
type ReadPage = MarkdownPage & ReadPageExtras;

declare module '../../core/workers/tasks.js' {
  interface WorkerTasks {
    /** A request's Markdown read into a page body, within the limits of a body a request sends (markdown-it takes seconds on some texts). */
    readMarkdown: { input: MarkdownInput; output: Result<ReadPage> };
    /** A large JSON body parsed, validated against its operation's schema and its Markdown read (zod takes µs a value). */
    parseRequestBody: { input: { operationId: string; text: string }; output: ParsedBody };
  }
}

/** The tasks, as the worker threads run them (worker-entry.ts). */
export const requestTasks = {
  readMarkdown: readInWorker,
  parseRequestBody({ operationId, text }: { operationId: string; text: string }): ParsedBody {
    const op = (contract as Record<string, OperationDef>)[operationId];
    if (!op?.body) return { problem: 'body: this operation takes none' };
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { problem: 'body: not valid JSON' };
    }
    const value = parsePart(op.body, raw, 'body');
    if (isFailure(value)) return { problem: value.message };
    return { value, markdown: markdownInputs(value).map((input) => [input.markdown, readInWorker(input)]) };
  },
};

/**
 * A request's input read in the engine's worker threads (`PipelineDeps.reading`): every Markdown
 * text a request carries, and a large body whole. These are short tasks someone is waiting on:
 * they go ahead of long work in the pool, and are refused past `READ_TIMEOUT_MS`.
 */
export function requestReading(workers: Pick<WorkerPool, 'run'>): RequestReading {
  return {
    readMarkdown: readRequestMarkdown,
    markdownIn: markdownInputs,
    fileBytesIn: inlineFileBytes,
    readAhead: (inputs) => readInWorkers(workers, inputs),
    async parseLarge(operationId, text): Promise<LargeBody> {
      const parsed = await workers.run('parseRequestBody', { operationId, text }, READING).catch((error: Error) => ({ problem: `body: ${readingFailure(error)}` }));
      return 'problem' in parsed ? parsed : { value: parsed.value, readMarkdown: readAhead(new Map(parsed.markdown)) };
    },
  };
}

/**
 * Markdown texts read in the worker threads, within the limits of a request's (refused past
 * `READ_TIMEOUT_MS`), a new page's body built with each: a reader answering from them, any
 * other text read on the event loop.
 */
export async function readInWorkers(workers: Pick<WorkerPool, 'run'>, inputs: readonly MarkdownInput[]): Promise<ReadMarkdown> {
  const read = await Promise.all(inputs.map((input) => workers.run('readMarkdown', input, READING).catch((error: Error) => refused(error))));
  return readAhead(new Map(inputs.map((input, i) => [input.markdown, read[i]!])));
}

/** A reader answering from texts read ahead; any other text is read here. */
function readAhead(read: ReadonlyMap<string, Result<ReadPage>>): ReadMarkdown {
  return (markdown) => read.get(markdown) ?? readRequestMarkdown(markdown);
}

/** Read, and for a new page's document built while the worker has it: the request's transaction then only appends it. */
function readInWorker({ markdown, newPage }: MarkdownInput): Result<ReadPage> {
  try {
    const read = readRequestMarkdown(markdown);
    return newPage ? withBuiltBody(read) : read;
  } catch (error) {
    // The limits bound the parser's recursion; should a library's own run out of stack, the text is refused, not the thread.
    const message = error instanceof RangeError ? 'nested too deeply to read' : 'could not be read';
    return { ok: false, error: { kind: 'over-limit', message } };
  }
}

const refused = (error: Error): Result<ReadPage> => ({ ok: false, error: { kind: 'over-limit', message: readingFailure(error) } });
