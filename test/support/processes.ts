import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { bundledScript, ROOT, type BundledScript } from './entry-bundle.js';

/**
 * Runs `npm run cli -- …` to its end. Asynchronous on purpose: a test blocked in spawnSync cannot
 * notice its HTTP client's idle keep-alive sockets being closed by the server meanwhile, and its
 * next request then fails on a dead socket. `env` in place of this process's.
 */
export function runCli(args: string[], env?: NodeJS.ProcessEnv): Promise<{ status: number; stdout: string; stderr: string }> {
  return runScript('src-main/cli/folio.ts', args, env);
}

function runScript(script: BundledScript, args: string[], env?: NodeJS.ProcessEnv): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [bundledScript(script), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000, env }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ status: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

/** Runs `npm run serve -- …` that is expected to stop by itself (bad flags, a database it refuses); `env` in place of this process's. */
export function runServeToEnd(args: string[], env?: NodeJS.ProcessEnv): Promise<{ status: number; stdout: string; stderr: string }> {
  return runScript('src-main/cli/serve.ts', args, env);
}

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  firstLine: string;
  exited: Promise<number | null>;
}

/** Starts `npm run serve -- …` and waits for its "Folio listening on" line. */
export function startServe(args: string[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, [bundledScript('src-main/cli/serve.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    void exited.then((code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const match = /^Folio listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (match) resolve({ child, url: match[1]!, firstLine: line, exited });
      else reject(new Error(`unexpected first line: ${line}`));
    });
  });
}

/**
 * Runs a program of the repository (a path from its root), compiled for this run (entry-bundle.ts),
 * in a process of its own, its stdout piped. Node itself runs it, so that the child's pid is the
 * script's: a signal sent to it reaches the script, not a wrapper. `env` in place of this process's.
 */
export function spawnScript(script: BundledScript, args: string[], env?: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [bundledScript(script), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env });
}
