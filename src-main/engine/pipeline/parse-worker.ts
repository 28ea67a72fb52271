import { parentPort } from 'node:worker_threads';
import type { MarkdownPage, Result } from '../../../src-shared/content/index.js';
import { contract } from '../../../src-shared/contract/index.js';
import type { OperationDef } from '../../../src-shared/contract/operation.js';
import { markdownInputs, readRequestMarkdown } from '../content/markdown-inputs.js';
import { parseSpec, type ParsedSpec } from '../openapi-processing/parse-spec.js';
import { isFailure } from './failure.js';
import { parseBody } from './validate.js';

/**
 * A thread that parses for the engine (`ParseWorkers`), so that a parser's time never holds the
 * engine's event loop: Markdown into page bodies; large JSON bodies, parsed, validated against
 * their operation's schema and their Markdown read, all here; OpenAPI specifications, read as
 * JSON or YAML and validated.
 */
export type ParseTask = { id: number } & (
  | { kind: 'markdown'; markdown: string }
  | { kind: 'body'; operation: string; text: string }
  | { kind: 'spec'; text: string }
);

/** What a body task answers: why the body is refused, or its validated value and its Markdown read. */
export type BodyParse = { problem: string } | { value: unknown; markdown: [string, Result<MarkdownPage>][] };

export type ParseAnswer = { id: number } & (
  | { kind: 'markdown'; result: Result<MarkdownPage> }
  | { kind: 'body'; parse: BodyParse }
  | { kind: 'spec'; parsed: ParsedSpec }
);

parentPort?.on('message', (task: ParseTask) => {
  void answer(task).then((done) => parentPort!.postMessage(done));
});

async function answer(task: ParseTask): Promise<ParseAnswer> {
  switch (task.kind) {
    case 'markdown':
      return { id: task.id, kind: 'markdown', result: readSafely(task.markdown) };
    case 'body':
      return { id: task.id, kind: 'body', parse: readBody(task.operation, task.text) };
    case 'spec':
      return { id: task.id, kind: 'spec', parsed: await parseSpec(task.text) };
  }
}

function readBody(operation: string, text: string): BodyParse {
  const op = (contract as Record<string, OperationDef>)[operation];
  if (!op?.body) return { problem: 'body: this operation takes none' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { problem: 'body: not valid JSON' };
  }
  const value = parseBody(op.body, raw);
  if (isFailure(value)) return { problem: value.message };
  return { value, markdown: [...new Set(markdownInputs(value))].map((markdown) => [markdown, readSafely(markdown)]) };
}

function readSafely(markdown: string): Result<MarkdownPage> {
  try {
    return readRequestMarkdown(markdown);
  } catch (error) {
    // The limits bound the parser's recursion; should a library's own run out of stack, the text is refused, not the thread.
    const message = error instanceof RangeError ? 'nested too deeply to read' : 'could not be read';
    return { ok: false, error: { kind: 'over-limit', message } };
  }
}
