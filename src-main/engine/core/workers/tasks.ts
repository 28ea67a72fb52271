/**
 * The long work the engine hands to its worker threads, by kind: each task module declares its
 * own kind beside its code (`declare module '…/workers/tasks.js' { interface WorkerTasks { … } }`),
 * so that the pool, here in core, imports none of them. `src-main/engine/app/worker-entry.ts` gathers
 * their implementations; a kind without one does not compile there.
 */
// Filled by declaration merging.
export interface WorkerTasks {}

export type TaskKind = keyof WorkerTasks & string;
export type TaskInput<K extends TaskKind> = WorkerTasks[K] extends { input: infer I } ? I : never;
export type TaskOutput<K extends TaskKind> = WorkerTasks[K] extends { output: infer O } ? O : never;

/** What runs a task in a worker: from its input (structured-cloned across), its output (cloned back). */
export type TaskImplementations = { [K in TaskKind]: (input: TaskInput<K>) => TaskOutput<K> | Promise<TaskOutput<K>> };

/** The messages between the pool and a worker. */
export type ToWorker = { id: number; kind: string; input: unknown };
export type FromWorker = { ready: true } | { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };
