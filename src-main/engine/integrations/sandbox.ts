import { Worker } from 'node:worker_threads';
import type { IntegrationEventStatus } from '../../../src-shared/contract/integrations.js';
import { bridgedFetch } from './fetch-bridge.js';
import { SANDBOX_SOURCE } from './sandbox-source.js';
import type { Trace } from './trace.js';

export interface SandboxLimits {
  /** How long one event's run may take, from the worker's start to its answer. */
  timeMs: number;
  /** The worker's V8 old-generation heap. */
  memoryMb: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = { timeMs: 10_000, memoryMb: 64 };

export interface ScriptRun {
  script: string;
  event: unknown;
  /** What the script's handlers get as `context.environment` (the secrets among it). */
  environment: unknown;
  allowedOrigins: ReadonlySet<string>;
  limits: SandboxLimits;
  trace: Trace;
  /** Aborted when the engine closes: the worker stops at once. */
  stop: AbortSignal;
}

type WorkerMessage =
  | { kind: 'log'; level: unknown; message: unknown; timestamp: unknown }
  | { kind: 'fetch'; id: number; request: unknown }
  | { kind: 'done' }
  | { kind: 'failed'; message: unknown };

function describeWorkerError(error: Error & { code?: string }, limits: SandboxLimits): string {
  if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') return `The script ran out of memory (limit ${limits.memoryMb} MB) and was stopped`;
  // The frames of the integration's script only: the sandbox's own are no business of its author.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at .*integration\.js/.test(line));
  return [`The script failed: ${error.name}: ${error.message}`, ...frames].join('\n');
}

/**
 * Runs a script on one event in a worker of its own, with a heap limit, and stops it when its
 * time is up. Whatever happens in the worker (a throw, a hang, a memory bomb) ends as an outcome
 * with a reason in the trace; the engine's thread only relays logs and fetches.
 */
export function runInSandbox(run: ScriptRun): Promise<IntegrationEventStatus> {
  const { limits, trace } = run;
  const worker = new Worker(SANDBOX_SOURCE, {
    eval: true,
    env: {},
    execArgv: [],
    stdout: true,
    stderr: true,
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 16, codeRangeSizeMb: 16, stackSizeMb: 4 },
    workerData: {
      script: run.script,
      eventJson: JSON.stringify(run.event),
      environmentJson: JSON.stringify(run.environment),
      evaluationTimeoutMs: limits.timeMs,
    },
  });
  const stopFetches = new AbortController();
  return new Promise((resolve) => {
    let finished = false;
    const finish = (status: IntegrationEventStatus, problem?: string) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      run.stop.removeEventListener('abort', onStop);
      stopFetches.abort();
      if (problem) trace.add('error', problem);
      void worker.terminate();
      resolve(status);
    };
    const onStop = () => finish('failed', 'The engine stopped before the script finished');
    run.stop.addEventListener('abort', onStop, { once: true });
    const timer = setTimeout(() => finish('failed', `The script ran longer than ${limits.timeMs} ms and was stopped`), limits.timeMs);
    worker.on('message', (message: WorkerMessage) => {
      if (finished) return;
      if (message.kind === 'log') trace.addFromWorker(message);
      else if (message.kind === 'fetch') relayFetch(worker, message, run.allowedOrigins, stopFetches.signal);
      else if (message.kind === 'done') finish('success');
      else if (message.kind === 'failed') finish('failed', `The script failed: ${String(message.message)}`);
    });
    worker.on('error', (error) => finish('failed', describeWorkerError(error, limits)));
    worker.on('exit', (code) => finish('failed', `The script's worker stopped unexpectedly (exit code ${code})`));
  });
}

function relayFetch(worker: Worker, message: { id: number; request: unknown }, allowed: ReadonlySet<string>, signal: AbortSignal): void {
  bridgedFetch(message.request, allowed, signal).then(
    (response) => worker.postMessage({ id: message.id, response }),
    (error: Error) => {
      if (!signal.aborted) worker.postMessage({ id: message.id, error: error.message });
    },
  );
}
