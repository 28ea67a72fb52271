import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MarkdownPage, Result } from '../../../src-shared/content/index.js';
import { readRequestMarkdown, type ReadMarkdown } from '../content/markdown-inputs.js';
import type { ParsedSpec } from '../openapi-processing/parse-spec.js';
import type { BodyParse, ParseAnswer, ParseTask } from './parse-worker.js';

export interface ParseWorkersOptions {
  /** The worker's script: the bundled `parse-worker.js` in the desktop app; the TypeScript source otherwise. */
  script?: string;
  /** How long one task may take before it is refused and its thread replaced. */
  timeoutMs?: number;
}

export const DEFAULT_PARSE_TIMEOUT_MS = 15_000;

const SOURCE_SCRIPT = fileURLToPath(new URL('./parse-worker.ts', import.meta.url));

type Task = { kind: 'markdown'; markdown: string } | { kind: 'body'; operation: string; text: string } | { kind: 'spec'; text: string };

interface Pending {
  task: ParseTask;
  resolve: (answer: ParseAnswer) => void;
}

/**
 * Parsing off the event loop, in one or two worker threads (docs/architecture.md, "Parse workers"):
 * markdown-it takes seconds on some texts within the size limit (runs of `*a`, links, long tables)
 * and a page's worth of Markdown longer than a request may hold the engine; so does zod on a large body (a few µs a value, more
 * for each refused one), and a specification's YAML and validation (YAML nested 140,000 deep took
 * 1.8 s, and ran out of stack). A task that takes longer than `timeoutMs` is refused and its thread replaced.
 */
export class ParseWorkers {
  private readonly script: string;
  private readonly timeoutMs: number;
  private readonly queue: Pending[] = [];
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, { pending: Pending; timer: NodeJS.Timeout }>();
  private readonly threads = Math.max(1, Math.min(2, availableParallelism() - 1));
  private nextId = 0;
  private closed = false;

  constructor(options: ParseWorkersOptions = {}) {
    this.script = options.script ?? SOURCE_SCRIPT;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS;
  }

  /** Each text read (the same text once), for a request to hand its handler. */
  async readAll(texts: readonly string[]): Promise<ReadMarkdown> {
    const unique = [...new Set(texts)];
    const results = await Promise.all(unique.map((markdown) => this.read(markdown)));
    return readAhead(new Map(unique.map((markdown, i) => [markdown, results[i]!])));
  }

  async read(markdown: string): Promise<Result<MarkdownPage>> {
    const answer = await this.run({ kind: 'markdown', markdown });
    return answer.kind === 'markdown' ? answer.result : refused('could not be read');
  }

  /** A JSON body of `operation` parsed and validated, its Markdown read; or why it is refused (named after `body`). */
  async parseBody(operation: string, text: string): Promise<BodyParse> {
    const answer = await this.run({ kind: 'body', operation, text });
    return answer.kind === 'body' ? answer.parse : { problem: 'body: could not be read' };
  }

  /** An OpenAPI specification read (JSON or YAML) and validated (docs/openapi-specs.md). */
  async parseSpec(text: string): Promise<ParsedSpec> {
    const answer = await this.run({ kind: 'spec', text });
    return answer.kind === 'spec' ? answer.parsed : { ok: false, errors: [{ message: 'could not be read', code: 'PARSE_ERROR' }] };
  }

  close(): void {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.resolve(failed(pending.task, 'could not be read: the engine is closing'));
    for (const [worker, { pending, timer }] of this.busy) {
      clearTimeout(timer);
      pending.resolve(failed(pending.task, 'could not be read: the engine is closing'));
      void worker.terminate();
    }
    this.busy.clear();
    for (const worker of this.idle.splice(0)) void worker.terminate();
  }

  private run(task: Task): Promise<ParseAnswer> {
    const withId = { ...task, id: this.nextId++ } as ParseTask;
    if (this.closed) return Promise.resolve(failed(withId, 'could not be read: the engine is closing'));
    return new Promise((resolve) => {
      this.queue.push({ task: withId, resolve });
      this.next();
    });
  }

  private next(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.busy.size < this.threads ? this.start() : undefined);
      if (!worker) return;
      const pending = this.queue.shift()!;
      const timer = setTimeout(() => this.giveUp(worker), this.timeoutMs);
      this.busy.set(worker, { pending, timer });
      worker.postMessage(pending.task);
    }
  }

  private start(): Worker {
    const worker = startWorker(this.script);
    worker.unref();
    worker.on('message', (answer: ParseAnswer) => {
      const running = this.busy.get(worker);
      if (!running || running.pending.task.id !== answer.id) return;
      clearTimeout(running.timer);
      this.busy.delete(worker);
      this.idle.push(worker);
      running.pending.resolve(answer);
      this.next();
    });
    // A thread that dies (out of memory, a bug) fails its task, not the engine.
    worker.on('error', (error) => this.lose(worker, `could not be read (${error.message})`));
    worker.on('exit', () => this.lose(worker, 'could not be read'));
    return worker;
  }

  private giveUp(worker: Worker): void {
    this.lose(worker, `took longer than ${this.timeoutMs / 1000} s to read`);
    void worker.terminate();
  }

  private lose(worker: Worker, reason: string): void {
    const idle = this.idle.indexOf(worker);
    if (idle !== -1) this.idle.splice(idle, 1);
    const running = this.busy.get(worker);
    if (!running) return;
    clearTimeout(running.timer);
    this.busy.delete(worker);
    running.pending.resolve(failed(running.pending.task, reason));
    if (!this.closed) this.next();
  }
}

/** A reader answering from texts read ahead; any other text is read here. */
export function readAhead(read: Map<string, Result<MarkdownPage>>): ReadMarkdown {
  return (markdown) => read.get(markdown) ?? readRequestMarkdown(markdown);
}

const refused = (message: string): Result<MarkdownPage> => ({ ok: false, error: { kind: 'over-limit', message } });

function failed(task: ParseTask, reason: string): ParseAnswer {
  switch (task.kind) {
    case 'markdown':
      return { id: task.id, kind: 'markdown', result: refused(reason) };
    case 'body':
      return { id: task.id, kind: 'body', parse: { problem: `body: ${reason}` } };
    case 'spec':
      return { id: task.id, kind: 'spec', parsed: { ok: false, errors: [{ message: `the specification ${reason}`, code: 'PARSE_ERROR' }] } };
  }
}

/** A worker of `script`; the TypeScript source runs through tsx's loader, registered in the thread first. */
function startWorker(script: string): Worker {
  if (!script.endsWith('.ts')) return new Worker(script);
  const source = `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(script).href)}); });`;
  return new Worker(source, { eval: true });
}

/** tsx's ES module API, found from this file (a worker's own imports resolve from wherever the process started). */
function tsxApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(manifest), exports['./esm/api']!.import.default)).href;
}
