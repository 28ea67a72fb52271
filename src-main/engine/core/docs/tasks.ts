import { mergeRows, type MergedRows } from './compaction.js';
import { restorationFrom, type RestorationInput, type RestorationOutput } from './deleted-writes.js';
import { sliceRows } from './slices.js';
import { diffRows } from './updates.js';

declare module '../workers/tasks.js' {
  interface WorkerTasks {
    /** A doc's rows merged into one, for compaction: a large doc's take ~0.3 s. */
    mergeDocRows: { input: Uint8Array[]; output: MergedRows };
    /** A doc's rows cut into small updates that build it in order, for the event loop to load it a slice at a time. */
    sliceDocRows: { input: Uint8Array[]; output: Uint8Array[] };
    /** What a doc's rows hold that a state vector lacks: a large doc's answer to a client's sync step 1. */
    diffDocRows: { input: { updates: Uint8Array[]; stateVector: Uint8Array }; output: Uint8Array };
    /** What a hub puts back of blocks whose deletion took a writer's words: a 10,000-paragraph page's rows take a second or more. */
    restoreDocBlocks: { input: RestorationInput; output: RestorationOutput };
  }
}

export const docsTasks = {
  mergeDocRows: (updates: Uint8Array[]) => mergeRows(updates),
  sliceDocRows: (updates: Uint8Array[]) => sliceRows(updates),
  diffDocRows: ({ updates, stateVector }: { updates: Uint8Array[]; stateVector: Uint8Array }) => diffRows(updates, stateVector),
  restoreDocBlocks: (input: RestorationInput) => restorationFrom(input),
};
