import { READ_TIMEOUT_MS, readingFailure, type WorkerPool } from '../../core/workers/pool.js';
import { parseSpec, type ParsedSpec } from './parse-spec.js';

declare module '../../core/workers/tasks.js' {
  interface WorkerTasks {
    /** Reads and validates a specification: a large one takes seconds. */
    parseSpec: { input: string; output: ParsedSpec };
  }
}

export const openapiTasks = { parseSpec };

/** Specifications read in the engine's worker threads, for at most `READ_TIMEOUT_MS` each; one that fails there is a PARSE_ERROR. */
export function parseSpecInWorkers(workers: Pick<WorkerPool, 'run'>): (text: string) => Promise<ParsedSpec> {
  return (text) =>
    workers
      .run('parseSpec', text, { timeoutMs: READ_TIMEOUT_MS })
      .catch((error: Error): ParsedSpec => ({ ok: false, errors: [{ message: `the specification ${readingFailure(error)}`, code: 'PARSE_ERROR' }] }));
}
