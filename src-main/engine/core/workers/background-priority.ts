import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { basename } from 'node:path';

/** How much lower than the engine's thread a worker thread runs (nice steps; 10 gives it ~1/10 of a contended core). */
const BACKGROUND_STEPS = 10;
/** The lowest priority Linux has. */
const LOWEST_PRIORITY = 19;

/**
 * Lowers the calling thread's CPU priority below the engine's thread. The pool's threads render
 * PDFs, read imports and plan merges while the engine's thread answers requests and keystrokes
 * (in the desktop it is Electron's main process, which drives every window): on two cores the
 * three are runnable at once, and the loop waited its turn behind them (docs/performance.md, "The
 * main loop under load"). With this the kernel runs the loop first and the workers take what is
 * left, which is all of it when the loop is idle. Linux gives each thread its own nice value
 * (setpriority on the thread's id, found in /proc/thread-self); elsewhere this does nothing, since
 * Node exposes no per-thread priority there. Relative to the current value, so that an engine
 * started at a lower priority still runs its loop ahead of its threads, and no privilege is needed.
 */
export function runBelowEngineThread(): void {
  if (process.platform !== 'linux') return;
  try {
    lower(Number(basename(readlinkSync('/proc/thread-self'))));
  } catch {
    // No /proc (a container without it): the thread keeps the engine's priority, as before.
  }
}

/** The same for a child process the engine started (Git's), on every platform Node sets process priorities on. */
export function runBelowEngine(pid: number): void {
  try {
    lower(pid);
  } catch {
    // Gone already: nothing to lower.
  }
}

function lower(id: number): void {
  setPriority(id, Math.min(LOWEST_PRIORITY, getPriority(id) + BACKGROUND_STEPS));
}
