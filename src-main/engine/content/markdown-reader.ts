import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { markdownToPm, type MarkdownPage, type Result } from '../../../src-shared/content/index.js';
import type { MarkdownAnswer, MarkdownTask } from './markdown-worker.js';

/** Reads Markdown into a page body; the pipeline hands handlers one that answers from texts read ahead. */
export type ReadMarkdown = (markdown: string) => Result<MarkdownPage>;

export interface MarkdownReaderOptions {
  /** The worker's script: the bundled `markdown-worker.js` in the desktop app; the TypeScript source otherwise. */
  script?: string;
  /** How long one text may take to read before it is refused and its thread replaced. */
  timeoutMs?: number;
}

export const DEFAULT_MARKDOWN_TIMEOUT_MS = 15_000;

const SOURCE_SCRIPT = fileURLToPath(new URL('./markdown-worker.ts', import.meta.url));

interface Pending {
  task: MarkdownTask;
  resolve: (result: Result<MarkdownPage>) => void;
}

/**
 * Markdown parsing off the event loop: micromark's time grows faster than linearly on some texts
 * (deep nesting, runs of delimiters), and a page's worth takes longer than a request may hold the
 * engine. Texts are read in worker threads, one at a time each; a text that takes longer than
 * `timeoutMs` is refused and its thread replaced.
 */
export class MarkdownReader {
  private readonly script: string;
  private readonly timeoutMs: number;
  private readonly queue: Pending[] = [];
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, { pending: Pending; timer: NodeJS.Timeout }>();
  private readonly threads = Math.max(1, Math.min(2, availableParallelism() - 1));
  private nextId = 0;
  private closed = false;

  constructor(options: MarkdownReaderOptions = {}) {
    this.script = options.script ?? SOURCE_SCRIPT;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_MARKDOWN_TIMEOUT_MS;
  }

  /** Each text read (the same text once), for a request to hand its handler. */
  async readAll(texts: readonly string[]): Promise<ReadMarkdown> {
    const unique = [...new Set(texts)];
    const results = await Promise.all(unique.map((markdown) => this.read(markdown)));
    const read = new Map(unique.map((markdown, i) => [markdown, results[i]!]));
    return (markdown) => read.get(markdown) ?? markdownToPm(markdown);
  }

  read(markdown: string): Promise<Result<MarkdownPage>> {
    if (this.closed) return Promise.resolve(refused('could not be read: the engine is closing'));
    return new Promise((resolve) => {
      this.queue.push({ task: { id: this.nextId++, markdown }, resolve });
      this.next();
    });
  }

  close(): void {
    this.closed = true;
    for (const { resolve } of this.queue.splice(0)) resolve(refused('could not be read: the engine is closing'));
    for (const [worker, { pending, timer }] of this.busy) {
      clearTimeout(timer);
      pending.resolve(refused('could not be read: the engine is closing'));
      void worker.terminate();
    }
    this.busy.clear();
    for (const worker of this.idle.splice(0)) void worker.terminate();
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
    worker.on('message', ({ id, result }: MarkdownAnswer) => {
      const running = this.busy.get(worker);
      if (!running || running.pending.task.id !== id) return;
      clearTimeout(running.timer);
      this.busy.delete(worker);
      this.idle.push(worker);
      running.pending.resolve(result);
      this.next();
    });
    // A thread that dies (out of memory, a bug) fails its text, not the engine.
    worker.on('error', (error) => this.lose(worker, refused(`could not be read (${error.message})`)));
    worker.on('exit', () => this.lose(worker, refused('could not be read')));
    return worker;
  }

  private giveUp(worker: Worker): void {
    this.lose(worker, refused(`took longer than ${this.timeoutMs / 1000} s to read`));
    void worker.terminate();
  }

  private lose(worker: Worker, result: Result<MarkdownPage>): void {
    const idle = this.idle.indexOf(worker);
    if (idle !== -1) this.idle.splice(idle, 1);
    const running = this.busy.get(worker);
    if (!running) return;
    clearTimeout(running.timer);
    this.busy.delete(worker);
    running.pending.resolve(result);
    if (!this.closed) this.next();
  }
}

const refused = (message: string): Result<MarkdownPage> => ({ ok: false, error: { kind: 'over-limit', message } });

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
