import { mergeRows, type MergedRows } from './compaction.js';

declare module '../workers/tasks.js' {
  interface WorkerTasks {
    /** A doc's rows merged into one, for compaction: a large doc's take ~0.3 s. */
    mergeDocRows: { input: Uint8Array[]; output: MergedRows };
  }
}

export const docsTasks = {
  mergeDocRows: (updates: Uint8Array[]) => mergeRows(updates),
};
