import { parseSpec, type ParsedSpec } from './parse-spec.js';

declare module '../workers/tasks.js' {
  interface WorkerTasks {
    /** Reads and validates a specification: a large one takes seconds. */
    parseSpec: { input: string; output: ParsedSpec };
  }
}

export const openapiTasks = { parseSpec };
