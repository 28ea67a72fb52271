import { availableParallelism } from 'node:os';
import { Worker, type TransferListItem } from 'node:worker_threads';
import type { FromWorker, TaskInput, TaskKind, TaskOutput, ToWorker } from './tasks.js';

export interface WorkerPoolOptions {
  /**
   * The worker's program: `worker-bootstrap.mjs` beside the engine's sources (tsx's loader, then
   * `worker-entry.ts`), or the bundled `engine-worker.js` of the desktop app (docs/architecture.md,
   * "Worker threads").
   */
  entry: string | URL;
  /** How many threads at most; by default one fewer than the cores, at least one: the engine keeps one. */
  size?: number;
}

interface Task {
  id: number;
  kind: string;
  input: unknown;
  transfer: readonly TransferListItem[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  task: Task | undefined;
}

/** The engine's worker threads, started on first use. */
export const DEFAULT_WORKERS = Math.max(1, Math.min(3, availableParallelism() - 1));

/**
 * Worker threads that run the engine's long work (PDFs, large conversions, OpenAPI processing,
 * merges of doc rows…) so that it never holds the event loop that serves requests and windows.
 * Threads start on first use and stay, idle ones unref'd; each runs one task at a time, and tasks
 * wait in order for a free one. A task that throws rejects with its message; a thread that dies
 * rejects its task and is replaced by the next one asked for. Inputs and outputs cross by
 * structured clone (buffers in `transfer` are moved, not copied).
 */
export class WorkerPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Task[] = [];
  private readonly size: number;
  private next = 0;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    this.size = options.size ?? DEFAULT_WORKERS;
  }

  run<K extends TaskKind>(kind: K, input: TaskInput<K>, transfer: readonly TransferListItem[] = []): Promise<TaskOutput<K>> {
    if (this.closed) return Promise.reject(new Error('the engine is closing: no more work for its threads'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.next++, kind, input, transfer, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  /**
   * Starts a thread now rather than on the first task (a server about to be used): its program
   * takes a moment to load. Settles once a thread is ready (or could not start).
   */
  warmUp(): Promise<void> {
    if (this.threads.length === 0 && !this.closed) this.start();
    const starting = this.threads.find((thread) => !thread.ready);
    if (!starting) return Promise.resolve();
    return new Promise((resolve) => {
      const settle = () => resolve();
      starting.worker.once('message', settle);
      starting.worker.once('error', settle);
      starting.worker.once('exit', settle);
    });
  }

  /** Threads running or starting, for tests and diagnostics. */
  get threadCount(): number {
    return this.threads.length;
  }

  close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the engine closed before this work ran'));
    const threads = this.threads.splice(0);
    for (const thread of threads) thread.task?.reject(new Error('the engine closed before this work finished'));
    return Promise.all(threads.map((thread) => thread.worker.terminate())).then(() => undefined);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.threads.find((candidate) => candidate.ready && !candidate.task) ?? this.start();
      if (!thread || !thread.ready) return;
      const task = this.queue.shift()!;
      thread.task = task;
      thread.worker.ref();
      const message: ToWorker = { id: task.id, kind: task.kind, input: task.input };
      thread.worker.postMessage(message, [...task.transfer]);
    }
  }

  /** A new thread when there is room for one; it takes the queue's next task once ready. */
  private start(): Thread | undefined {
    if (this.threads.some((thread) => !thread.ready) || this.threads.length >= this.size) return undefined;
    const worker = new Worker(this.options.entry);
    const thread: Thread = { worker, ready: false, task: undefined };
    this.threads.push(thread);
    worker.on('message', (message: FromWorker) => {
      if ('ready' in message) {
        thread.ready = true;
        worker.unref();
        return this.dispatch();
      }
      const task = thread.task;
      if (!task || task.id !== message.id) return;
      thread.task = undefined;
      worker.unref();
      if (message.ok) task.resolve(message.value);
      else task.reject(new Error(message.message));
      this.dispatch();
    });
    worker.on('error', (error) => this.lost(thread, error));
    worker.on('exit', (code) => this.lost(thread, new Error(`a worker thread exited (code ${code})`)));
    return thread;
  }

  private lost(thread: Thread, error: Error): void {
    const at = this.threads.indexOf(thread);
    if (at < 0) return;
    this.threads.splice(at, 1);
    // A thread that never started leaves the queue to wait for nothing: what it would have run fails.
    if (!thread.ready) for (const task of this.queue.splice(0)) task.reject(error);
    thread.task?.reject(error);
    thread.task = undefined;
    if (!this.closed) this.dispatch();
  }
}
