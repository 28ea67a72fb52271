// @ts-check
// The worker thread that reads and renders repositories for Git Sync (layout-worker.ts starts it).
// The engine runs from TypeScript sources (tsx, vitest), so the worker registers tsx's loader
// before it imports the tasks.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

const port = parentPort;
if (!port) throw new Error('layout-worker.mjs runs as a worker thread');
register();
const sources = './layout-tasks.ts';
/** @type {{ runTask(task: unknown): unknown }} */
const { runTask } = await import(sources);
port.on('message', ({ id, task }) => {
  try {
    port.postMessage({ id, ok: true, value: runTask(task) });
  } catch (error) {
    port.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: true });
