import { pathToFileURL } from 'node:url';
import { WorkerPool, type RunOptions } from '../../src-main/engine/core/workers/pool.js';
import type { TaskKind } from '../../src-main/engine/core/workers/tasks.js';
import { bundledScript } from './entry-bundle.js';

let shared: WorkerPool | undefined;

/**
 * One pool of the engine's worker threads for every test engine of this process (vitest's fork,
 * shared from file to file): a thread loads the engine's modules it runs (the contract and the
 * Markdown reader alone cost ~1.5 s of CPU under tsx), which each test engine used to pay again.
 * Its program is `worker-entry.ts` compiled once for the run (entry-bundle.ts), as the desktop app
 * runs it, rather than tsx's loader in every thread; the engine's own `worker-bootstrap.mjs` is
 * still what engines given no pool run (`content/large-pages.test.ts`) and the first test of `workers/pool.test.ts`.
 * The engines borrow it (`EngineOptions.workers.pool`) and leave it open; its idle threads are
 * unref'd, so it keeps no process alive. A test about the threads themselves gives its engine its own pool.
 */
export function sharedWorkers(): { pool: WorkerPool } {
  shared ??= new WorkerPool({ entry: pathToFileURL(bundledScript('src-main/engine/app/worker-entry.ts')) });
  return { pool: shared };
}

/**
 * Holds the first answer of a `kind` of task the engine's own threads give, until `release()`: a
 * test makes another request land between a request's work off the loop and its write. `reached`
 * settles once that answer is in; `restore()` puts the pool's `run` back.
 */
export function holdFirstAnswer(workers: WorkerPool, kind: TaskKind): { reached: Promise<void>; release(): void; restore(): void } {
  const run = workers.run.bind(workers);
  let reach!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding = false;
  workers.run = (async (task: TaskKind, input: never, options?: RunOptions) => {
    const answer = await run(task, input, options);
    if (task === kind && !holding) {
      holding = true;
      reach();
      await released;
    }
    return answer;
  }) as WorkerPool['run'];
  return { reached, release, restore: () => (workers.run = run) };
}
