import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');

/**
 * The JS file behind a package's command, run with this very node: no shell, no npx layer.
 * @param {string} pkg
 * @param {string} [name]
 */
export function packageBin(pkg, name = pkg) {
  const dir = join(ROOT, 'node_modules', pkg);
  const { bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return join(dir, typeof bin === 'string' ? bin : bin[name]);
}

/**
 * Starts a command with this terminal's output; answers the child and how it ended (`ok`: exit 0).
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 */
export function start(command, args, options = {}) {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  const ended = /** @type {Promise<{ ok: boolean; why: string }>} */ (
    new Promise((resolve) => {
      child.on('error', (error) => resolve({ ok: false, why: error.message }));
      child.on('exit', (code, signal) => resolve({ ok: code === 0, why: String(signal ?? code) }));
    })
  );
  return { child, ended };
}

/**
 * Runs a command to completion; rejects on a non-zero exit.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<void>}
 */
export async function run(command, args, options = {}) {
  const { ok, why } = await start(command, args, options).ended;
  if (!ok) throw new Error(`${[command, ...args].join(' ')} failed (${why})`);
}

/**
 * Hands Ctrl-C and SIGTERM to the children running when they come.
 * @param {() => (import('node:child_process').ChildProcess | undefined)[]} children
 */
export function forwardSignals(children) {
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => {
      for (const child of children()) if (child && running(child)) child.kill(signal);
    });
  }
}

/** @param {import('node:child_process').ChildProcess} child */
export const running = (child) => child.exitCode === null && child.signalCode === null;

/**
 * Hands Ctrl-C and SIGTERM to a long-running child and leaves with its exit status once it is done.
 * @param {import('node:child_process').ChildProcess} child
 */
export function forwardSignalsAndExit(child) {
  forwardSignals(() => [child]);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
