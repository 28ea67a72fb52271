// The worker thread that reads and renders repositories for Git Sync (layout-worker.ts starts it).
// The engine runs from TypeScript sources (tsx, vitest), so the worker registers tsx's loader
// before it imports the tasks.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runTask } = await import('./layout-tasks.ts');
parentPort.on('message', ({ id, task }) => {
  try {
    parentPort.postMessage({ id, ok: true, value: runTask(task) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
