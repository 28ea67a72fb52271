import { sourcePages, type SourcePage, type SourceState } from './source-pages.js';

declare module '../../core/workers/tasks.js' {
  interface WorkerTasks {
    /** What a translation run translates of each source page: a large space's bodies take seconds to read. */
    sourcePages: { input: { states: SourceState[]; salt: string }; output: SourcePage[] };
  }
}

export const translationTasks = {
  sourcePages: ({ states, salt }: { states: SourceState[]; salt: string }) => sourcePages(states, salt),
};
