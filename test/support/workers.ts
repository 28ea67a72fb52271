import { WorkerPool } from '../../src-main/engine/workers/pool.js';

const PROGRAM = new URL('../../src-main/engine/worker-bootstrap.mjs', import.meta.url);
let shared: WorkerPool | undefined;

/**
 * One pool of the engine's worker threads for every test engine of this process (vitest's fork,
 * shared from file to file): a thread loads tsx and then the engine's modules it runs (the contract
 * and the Markdown reader alone cost ~1.5 s of CPU), which each test engine used to pay again. The
 * engines borrow it (`EngineOptions.workers.pool`) and leave it open; its idle threads are unref'd,
 * so it keeps no process alive. A test about the threads themselves gives its engine its own pool.
 */
export function sharedWorkers(): { pool: WorkerPool } {
  shared ??= new WorkerPool({ entry: PROGRAM });
  return { pool: shared };
}
