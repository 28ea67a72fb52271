import { parentPort, workerData } from 'node:worker_threads';
import { runBelowEngineThread } from '../core/workers/background-priority.js';
import type { WorkerData } from '../core/workers/pool.js';
import type { FromWorker, TaskImplementations, TaskKind, ToWorker } from '../core/workers/tasks.js';

type Loader = () => Promise<Partial<TaskImplementations>>;

/**
 * The modules that declare and implement the engine's task kinds. A type only: importing it brings
 * every kind's declaration to a program that does not load the modules (a test of the pool).
 */
export type TaskModules = [
  typeof import('../services/pdf/tasks.js'),
  typeof import('../domain/content/tasks.js'),
  typeof import('../domain/content/merge/tasks.js'),
  typeof import('../domain/content/request-reading.js'),
  typeof import('../services/openapi-processing/tasks.js'),
  typeof import('../core/docs/tasks.js'),
  typeof import('../services/openapi-reference/tasks.js'),
  typeof import('../services/translation/tasks.js'),
  typeof import('../domain/git-sync/layout-tasks.js'),
  typeof import('../core/db/wal-checkpoints.js'),
];

/**
 * Where each kind of task is implemented (a kind missing here does not compile), loaded on the
 * thread's first task of that kind: a thread that only renders PDFs never loads the OpenAPI
 * validator.
 */
const LOADERS = {
  renderPdf: () => import('../services/pdf/tasks.js').then((module) => module.pdfTasks),
  readMarkdown: () => import('../domain/content/request-reading.js').then((module) => module.requestTasks),
  parseRequestBody: () => import('../domain/content/request-reading.js').then((module) => module.requestTasks),
  presentPageBody: () => import('../domain/content/tasks.js').then((module) => module.contentTasks),
  prereadBodyBlocks: () => import('../domain/content/tasks.js').then((module) => module.contentTasks),
  planPageBody: () => import('../domain/content/tasks.js').then((module) => module.contentTasks),
  compareOwnBodies: () => import('../domain/content/merge/tasks.js').then((module) => module.mergeTasks),
  planPull: () => import('../domain/content/merge/tasks.js').then((module) => module.mergeTasks),
  parseSpec: () => import('../services/openapi-processing/tasks.js').then((module) => module.openapiTasks),
  mergeDocRows: () => import('../core/docs/tasks.js').then((module) => module.docsTasks),
  sliceDocRows: () => import('../core/docs/tasks.js').then((module) => module.docsTasks),
  diffDocRows: () => import('../core/docs/tasks.js').then((module) => module.docsTasks),
  restoreDocBlocks: () => import('../core/docs/tasks.js').then((module) => module.docsTasks),
  referencePageUpdates: () => import('../services/openapi-reference/tasks.js').then((module) => module.referenceTasks),
  sourcePages: () => import('../services/translation/tasks.js').then((module) => module.translationTasks),
  gitPrepareImport: () => import('../domain/git-sync/layout-tasks.js').then((module) => module.layoutTasks),
  gitPrepareArchive: () => import('../domain/git-sync/layout-tasks.js').then((module) => module.layoutTasks),
  gitPlanExport: () => import('../domain/git-sync/layout-tasks.js').then((module) => module.layoutTasks),
  checkpointWal: () => import('../core/db/wal-checkpoints.js').then((module) => module.walTasks),
} satisfies Record<TaskKind, Loader>;

/**
 * The program of the engine's worker threads (workers/pool.ts): it answers each task with the
 * implementation its module gives. Loaded through `worker-bootstrap.mjs` beside the sources (tsx,
 * vitest), or as `out/main/engine-worker.js`, which electron-vite builds from this file.
 */
if ((workerData as WorkerData | undefined)?.background) runBelowEngineThread();
const port = parentPort!;
port.on('message', async ({ id, kind, input }: ToWorker) => {
  let answer: FromWorker;
  try {
    const loader: Loader | undefined = LOADERS[kind as TaskKind];
    if (!loader) throw new Error(`no worker task ${kind}`);
    const run = (await loader())[kind as TaskKind] as (input: unknown) => unknown;
    answer = { id, ok: true, value: await run(input) };
  } catch (error) {
    answer = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer, transferablesOf(answer));
});
port.postMessage({ ready: true } satisfies FromWorker);

/** A byte answer (a PDF, a merged update) that owns its whole buffer moves to the engine rather than being copied. */
function transferablesOf(answer: FromWorker): ArrayBuffer[] {
  if (!('value' in answer)) return [];
  const value = answer.value;
  return value instanceof Uint8Array && value.buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength
    ? [value.buffer]
    : [];
}
