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
  /** How many threads long work may take at most; by default one fewer than the cores, at least one, at most three. */
  size?: number;
}

/**
 * `request`: a short task a request waits on (reading its body or its Markdown, presenting a
 * large page): it goes ahead of queued long work, and may take one thread more than long work
 * may, so that a PDF or an import never keeps a request waiting. `work`: everything else.
 */
export type Lane = 'request' | 'work';

export interface RunOptions {
  lane?: Lane;
  /** The task is refused past this, and its thread replaced (a hostile input must not keep a thread). */
  timeoutMs?: number;
  /** Buffers moved to the worker rather than copied. */
  transfer?: readonly TransferListItem[];
}

/** What a thread is told as it starts (`worker-entry.ts`). */
export interface WorkerData {
  /** Whether it runs long work, below the engine's thread. */
  background: boolean;
}

interface Task {
  id: number;
  kind: string;
  input: unknown;
  lane: Lane;
  timeoutMs: number | undefined;
  transfer: readonly TransferListItem[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** Started for long work: it runs below the engine's thread (`background-priority.ts`). */
  background: boolean;
  ready: boolean;
  task: Task | undefined;
  timer: NodeJS.Timeout | undefined;
}

/**
 * How long reading an input may take in a worker (a request's body or Markdown, a specification)
 * before it is refused and its thread replaced: a text made to be slow to parse must not keep a
 * thread from everything after it.
 */
export const READ_TIMEOUT_MS = 15_000;

/** Why reading an input in a worker came back without its answer, as a refusal says it: past the time limit, a thread lost, the engine closing. */
export function readingFailure(error: Error): string {
  return /^took longer/.test(error.message) ? `${error.message} to read` : `could not be read (${error.message})`;
}

/** The threads long work may take: one fewer than the cores, at least one, at most three. */
export const DEFAULT_WORKERS = Math.max(1, Math.min(3, availableParallelism() - 1));

/**
 * The engine's worker threads: they run its long work (PDFs, large conversions, OpenAPI
 * processing, Git Sync's layout, merges of doc rows…) and read requests' input (large bodies,
 * Markdown), so that none of it holds the event loop that serves requests and windows. Threads
 * start on first use and stay, idle ones unref'd; each runs one task at a time. Tasks wait in
 * order, a request's ahead of long work (`Lane`). A task that throws rejects with its message; a
 * thread that dies, or runs past its task's `timeoutMs` (then it is terminated), rejects its task
 * and is replaced by the next one asked for. Inputs and outputs cross by structured clone.
 */
export class WorkerPool {
  private readonly threads: Thread[] = [];
  private readonly queues: Record<Lane, Task[]> = { request: [], work: [] };
  private readonly size: number;
  private next = 0;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    this.size = options.size ?? DEFAULT_WORKERS;
  }

  run<K extends TaskKind>(kind: K, input: TaskInput<K>, options: RunOptions = {}): Promise<TaskOutput<K>> {
    if (this.closed) return Promise.reject(new Error('the engine is closing: no more work for its threads'));
    const lane = options.lane ?? 'work';
    return new Promise((resolve, reject) => {
      this.queues[lane].push({
        id: this.next++,
        kind,
        input,
        lane,
        timeoutMs: options.timeoutMs,
        transfer: options.transfer ?? [],
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /**
   * Starts `threads` threads now rather than on first tasks (a server about to be used), one at a
   * time, as each program takes a moment to load (~0.8 s of CPU here). Two are one for long work
   * and the one kept for requests, so that a reader's request (a page opening while its room loads
   * the doc ahead) never waits for a thread to load. Settles once they are ready (or one could not start).
   */
  warmUp(threads = 1): Promise<void> {
    if (this.threads.length < Math.min(threads, this.size + 1) && !this.threads.some((thread) => !thread.ready) && !this.closed) {
      this.start(this.threads.length === 0 ? 'request' : 'work');
    }
    const starting = this.threads.find((thread) => !thread.ready);
    if (!starting) return Promise.resolve();
    return new Promise((resolve) => {
      starting.worker.once('message', () => resolve(this.warmUp(threads)));
      starting.worker.once('error', () => resolve());
      starting.worker.once('exit', () => resolve());
    });
  }

  /** Threads running or starting, for tests and diagnostics. */
  get threadCount(): number {
    return this.threads.length;
  }

  close(): Promise<void> {
    this.closed = true;
    for (const task of [...this.queues.request.splice(0), ...this.queues.work.splice(0)]) task.reject(new Error('the engine closed before this work ran'));
    const threads = this.threads.splice(0);
    for (const thread of threads) {
      clearTimeout(thread.timer);
      thread.task?.reject(new Error('the engine closed before this work finished'));
    }
    return Promise.all(threads.map((thread) => thread.worker.terminate())).then(() => undefined);
  }

  private dispatch(): void {
    for (;;) {
      const lane = this.queues.request.length > 0 ? 'request' : this.queues.work.length > 0 && this.roomForWork() ? 'work' : undefined;
      if (!lane) return;
      const thread = this.threadFor(lane);
      if (!thread || !thread.ready) return;
      this.begin(thread, this.queues[lane].shift()!);
    }
  }

  /**
   * A request's task takes an idle thread of the engine's priority, else any idle one rather than
   * wait for a thread to start; long work takes an idle background thread, else starts one, else
   * takes an idle thread of the engine's priority (a pool whose threads all started for requests).
   */
  private threadFor(lane: Lane): Thread | undefined {
    const idle = this.threads.filter((thread) => thread.ready && !thread.task);
    const background = lane === 'work';
    return idle.find((thread) => thread.background === background) ?? (background ? (this.start(lane) ?? idle[0]) : (idle[0] ?? this.start(lane)));
  }

  /** Long work takes at most `size` threads; the one more a pool may have is kept for requests. */
  private roomForWork(): boolean {
    return this.threads.filter((thread) => thread.task?.lane === 'work').length < this.size;
  }

  private begin(thread: Thread, task: Task): void {
    thread.task = task;
    thread.worker.ref();
    if (task.timeoutMs !== undefined) thread.timer = setTimeout(() => this.giveUp(thread, task), task.timeoutMs);
    const message: ToWorker = { id: task.id, kind: task.kind, input: task.input };
    thread.worker.postMessage(message, [...task.transfer]);
  }

  /**
   * A new thread when there is room for one; it takes the queue's next task once ready. One started
   * for long work runs below the engine's thread; one started for a request at its priority, so
   * that a request never waits on a thread that other programs' work keeps from the cores.
   */
  private start(lane: Lane): Thread | undefined {
    if (this.threads.some((thread) => !thread.ready) || this.threads.length >= this.size + 1) return undefined;
    const background = lane === 'work';
    // Not the parent's options: a preload given to the process (a test's instrumentation, tsx) is not the threads' to run.
    const worker = new Worker(this.options.entry, { execArgv: [], workerData: { background } satisfies WorkerData });
    const thread: Thread = { worker, background, ready: false, task: undefined, timer: undefined };
    this.threads.push(thread);
    worker.on('message', (message: FromWorker) => {
      if ('ready' in message) {
        thread.ready = true;
        worker.unref();
        return this.dispatch();
      }
      const task = thread.task;
      if (!task || task.id !== message.id) return;
      clearTimeout(thread.timer);
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

  private giveUp(thread: Thread, task: Task): void {
    if (thread.task !== task) return;
    this.lost(thread, new Error(`took longer than ${task.timeoutMs! / 1000} s`));
    void thread.worker.terminate();
  }

  private lost(thread: Thread, error: Error): void {
    const at = this.threads.indexOf(thread);
    if (at < 0) return;
    this.threads.splice(at, 1);
    clearTimeout(thread.timer);
    // A thread that never started leaves the queues to wait for nothing: what they would have run fails.
    if (!thread.ready) for (const task of [...this.queues.request.splice(0), ...this.queues.work.splice(0)]) task.reject(error);
    thread.task?.reject(error);
    thread.task = undefined;
    if (!this.closed) this.dispatch();
  }
}
