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
 * Runs a command to completion; rejects on a non-zero exit.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<void>}
 */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/**
 * Hands Ctrl-C and SIGTERM to a long-running child and leaves with its exit status once it is done.
 * @param {import('node:child_process').ChildProcess} child
 */
export function forwardSignalsAndExit(child) {
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
