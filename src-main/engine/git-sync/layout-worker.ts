import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runTask, type LayoutAnswer, type LayoutTask } from './layout-tasks.js';

const SOURCE = fileURLToPath(new URL('./layout-worker.mjs', import.meta.url));

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Reads and renders repositories in a worker thread, so that a thousand pages of Markdown never
 * hold the engine's event loop. The worker starts on first use and stays, one task at a time
 * (the runner runs one operation at a time). Where the worker cannot start (a bundle without the
 * sources beside it), the task runs in the engine's thread, and `offThread` says so.
 */
export class LayoutWorker {
  private worker: Promise<Worker | undefined> | undefined;
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  offThread = true;

  run<T extends LayoutTask>(task: T): Promise<LayoutAnswer<T>> {
    return this.start().then((worker) => {
      if (!worker) return runTask(task) as LayoutAnswer<T>;
      const id = this.next++;
      return new Promise<LayoutAnswer<T>>((resolve, reject) => {
        this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage({ id, task });
      });
    });
  }

  prepareImport(files: Extract<LayoutTask, { kind: 'prepare-import' }>['files'], previous: Extract<LayoutTask, { kind: 'prepare-import' }>['previous'], projectDirectory: string) {
    return this.run({ kind: 'prepare-import', files, previous, projectDirectory });
  }

  planExport(input: Omit<Extract<LayoutTask, { kind: 'plan-export' }>, 'kind'>) {
    return this.run({ kind: 'plan-export', ...input });
  }

  /** Starts the worker now, rather than on the first task; settles once it is ready. */
  async warmUp(): Promise<void> {
    await this.start();
  }

  private start(): Promise<Worker | undefined> {
    this.worker ??= new Promise((resolve) => {
      if (!existsSync(SOURCE)) {
        this.offThread = false;
        resolve(undefined);
        return;
      }
      const worker = new Worker(SOURCE);
      worker.unref();
      worker.once('error', (error) => {
        for (const pending of this.pending.values()) pending.reject(error);
        this.pending.clear();
        this.offThread = false;
        resolve(undefined);
      });
      worker.on('message', (message: { ready?: true; id: number; ok: boolean; value?: unknown; message?: string }) => {
        if (message.ready) return resolve(worker);
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.ok) pending?.resolve(message.value);
        else pending?.reject(new Error(message.message));
      });
    });
    return this.worker;
  }

  close(): void {
    void this.worker?.then((worker) => worker?.terminate());
    this.worker = undefined;
  }
}
