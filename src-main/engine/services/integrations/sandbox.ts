import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IntegrationEventStatus } from '../../../../src-shared/contract/integrations.js';
import { bridgedFetch, MAX_FETCHED_BYTES } from './fetch-bridge.js';
import type { SandboxProcess, SandboxProgram } from './sandbox-program.js';
import { MAX_LOG_ENTRIES, MAX_LOG_MESSAGE, type Trace } from './trace.js';

export interface SandboxLimits {
  /** Wall time of one event's run, from its process's start to its answer. */
  timeMs: number;
  /** CPU time the run's process may use once the script starts (its own start-up aside). */
  cpuMs: number;
  /** All of the script's memory (objects, strings, ArrayBuffers): the WebAssembly memory QuickJS runs in. */
  memoryMb: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = { timeMs: 10_000, cpuMs: 5_000, memoryMb: 64 };

/** QuickJS's module starts with 16 MiB of memory: a smaller limit cannot be given. */
export const MIN_MEMORY_MB = 16;

/** The child's own heap, apart from the script's WebAssembly memory: its code, messages and answers in transit. */
const HOST_HEAP_MB = 64;
/** What the child may take in all (RSS) beyond the script's memory: Node itself, the compiled module, the host heap. */
const RSS_ALLOWANCE_MB = 256;
/** QuickJS's stack: about 1,300 nested calls, well inside the native stack its frames also use. */
const STACK_KB = 256;
const FETCHES_IN_FLIGHT = 4;
const FETCHES_PER_RUN = 1_000;
const TIMERS = 1_000;
/*
 * `--liftoff-only` (in execArgv below): V8 compiles QuickJS's WebAssembly with its baseline
 * compiler only. A process lives for one run, so the optimizing compiler's background work never
 * pays off: without it a run costs about a third less CPU (bench/integrations.ts).
 */
/** Tail of the child's stderr kept to explain a crash. */
const STDERR_CHARS = 2_000;

export interface ScriptRun {
  script: string;
  event: unknown;
  /** What the script's handlers get as `context.environment` (the secrets among it). */
  environment: unknown;
  allowedOrigins: ReadonlySet<string>;
  limits: SandboxLimits;
  program: SandboxProgram;
  trace: Trace;
  /** Aborted when the engine closes: the process is killed at once. */
  stop: AbortSignal;
}

type ChildMessage =
  | { kind: 'log'; level?: unknown; message?: unknown; timestamp?: unknown }
  | { kind: 'fetch'; id: number; request: unknown }
  | { kind: 'done'; droppedLogs?: unknown }
  | { kind: 'failed'; message?: unknown; droppedLogs?: unknown };

/** A message of the child's, or undefined for anything else (which is ignored). */
function childMessage(value: unknown): ChildMessage | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const message = value as { kind?: unknown; id?: unknown };
  if (message.kind === 'fetch') return Number.isSafeInteger(message.id) ? (message as ChildMessage) : undefined;
  if (message.kind === 'log' || message.kind === 'done' || message.kind === 'failed') return message as ChildMessage;
  return undefined;
}

/** The line of a crashed process's stderr that says why: Node's error line, else its last words. */
function crashLine(stderr: string): string | undefined {
  const lines = stderr.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !/^Node\.js v/.test(line));
  return lines.find((line) => /^([A-Z]\w*)?Error\b|FATAL ERROR/.test(line)) ?? lines.at(-1);
}

/**
 * Runs a script on one event in a process of its own (`sandbox-child.mjs`: QuickJS in
 * WebAssembly), under the limits, and answers its outcome. Whatever happens there (a throw, a
 * hang, a memory bomb, a crash, a process that never started) ends as an outcome with its reason
 * in the trace; the engine only relays logs and fetches, as data.
 */
export function runInSandbox(run: ScriptRun): Promise<IntegrationEventStatus> {
  const { limits, trace, program } = run;
  let cwd: string | undefined;
  // At the end of the run, and again once the process has exited (on Windows a process's own
  // directory cannot be removed while it runs).
  const removeCwd = () => {
    try {
      if (cwd) rmSync(cwd, { recursive: true, force: true });
    } catch {
      // Removed at its exit.
    }
  };
  let child: SandboxProcess;
  try {
    cwd = mkdtempSync(join(tmpdir(), 'folio-script-'));
    child = program.launch(program.entry, {
      execArgv: [...program.execArgv, `--max-old-space-size=${HOST_HEAP_MB}`, '--liftoff-only'],
      env: program.env,
      cwd,
    });
  } catch (error) {
    removeCwd();
    trace.add('error', `The script's process could not be started: ${(error as Error).message}`);
    return Promise.resolve('failed');
  }
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-STDERR_CHARS)));
  child.onExit(removeCwd);
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
      child.kill();
      // An engine that closes may exit before the process's 'exit' comes.
      removeCwd();
      resolve(status);
    };
    const onStop = () => finish('failed', 'The engine stopped before the script finished');
    run.stop.addEventListener('abort', onStop, { once: true });
    const timer = setTimeout(() => finish('failed', `The script ran longer than ${limits.timeMs} ms and was stopped`), limits.timeMs);
    let inFlight = 0;

    child.onMessage((value) => {
      const message = childMessage(value);
      if (finished || !message) return;
      if (message.kind === 'log') trace.addFromScript(message);
      else if (message.kind === 'fetch') {
        if (inFlight >= FETCHES_IN_FLIGHT) return answer(message.id, { error: 'fetch refused: too many fetches at once' });
        inFlight++;
        bridgedFetch(message.request, run.allowedOrigins, stopFetches.signal)
          .then((response) => answer(message.id, { response }), (error: Error) => answer(message.id, { error: error.message }))
          .finally(() => inFlight--);
      } else {
        trace.addDropped(Number(message.droppedLogs) || 0);
        if (message.kind === 'done') finish('success');
        else finish('failed', typeof message.message === 'string' ? message.message : 'The script failed');
      }
    });
    const answer = (id: number, outcome: { response: unknown } | { error: string }) => {
      if (!finished) child.send({ kind: 'fetched', id, ...outcome });
    };
    child.onError((error, started) => {
      if (started) finish('failed', `The script's process failed: ${error.message}`);
      else finish('failed', `The script's process could not be started: ${error.message}`);
    });
    child.onEnd((how) => {
      const why = crashLine(stderr);
      finish('failed', `The script's process ended before it answered (${how})${why ? `: ${why}` : ''}`);
    });
    child.send({
      kind: 'run',
      script: run.script,
      event: JSON.stringify(run.event),
      environment: JSON.stringify(run.environment),
      limits: {
        cpuMs: limits.cpuMs,
        memoryMb: limits.memoryMb,
        stackKb: STACK_KB,
        rssMb: limits.memoryMb + RSS_ALLOWANCE_MB,
        logEntries: MAX_LOG_ENTRIES,
        logChars: MAX_LOG_MESSAGE,
        fetchesInFlight: FETCHES_IN_FLIGHT,
        fetchesPerRun: FETCHES_PER_RUN,
        requestChars: MAX_FETCHED_BYTES,
        timers: TIMERS,
      },
    });
  });
}
