import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A server of a sync bench in its own process, so that its event loop and memory are its own. */
export interface BenchChild {
  process: ChildProcess;
  /** The first line it printed that matched, split on spaces (what it listens on, what to call). */
  ready: string[];
}

/**
 * Runs a TypeScript script with node itself (tsx as a loader, no wrapper process, so `pid` is
 * the server's) and waits for its first line that `ready` matches.
 */
export function startScript(script: string, args: readonly string[], ready: RegExp, env: NodeJS.ProcessEnv = {}): Promise<BenchChild> {
  const child = spawn(process.execPath, [...profile(), '--import', 'tsx', script, ...args], {
    // The IPC channel closes when this process ends however it ends: the child then exits (`exitWithParent`).
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (ready.test(line)) resolve({ process: child, ready: line.split(' ') });
    });
  });
}

/** `FOLIO_BENCH_PROFILE=DIR` writes a CPU profile of each child there, for `--cpu-prof`'s viewers. */
function profile(): string[] {
  const dir = process.env.FOLIO_BENCH_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/**
 * CPU time a process has used (user and system), in milliseconds, from /proc (Linux): its clock
 * ticks are 10 ms, fine for totals over seconds.
 */
export function cpuMs(pid: number, read: (path: string) => string): number {
  const fields = read(`/proc/${pid}/stat`).split(') ')[1]!.split(' ');
  // After the command: state is field 3, utime 14 and stime 15 (proc(5)), so indexes 11 and 12 here.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process, from /proc (Linux), in bytes. */
export function residentBytes(pid: number, read: (path: string) => string): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

export function stop(child: BenchChild): Promise<void> {
  return new Promise((resolve) => {
    if (child.process.exitCode !== null) return resolve();
    child.process.removeAllListeners('exit');
    child.process.once('exit', () => resolve());
    child.process.kill('SIGTERM');
  });
}

/** In a child script: exit when the bench that started it is gone, so no server outlives a failed run. */
export function exitWithParent(): void {
  process.once('disconnect', () => process.exit(0));
}
