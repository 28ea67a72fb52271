// `npm test`: the layers check and the renderer's build (~10 s, the browser tests need the build),
// then the suite, with `tsc -b` beside all of it at the lowest CPU priority. The suite leaves part
// of two cores idle (its files wait on sockets, child processes and Chromium), and a cold
// typecheck (a clean clone, CI) is ~100 s of CPU on one core: run first, it held the suite back
// that long. At nice 19 it takes only what the suite leaves, so the suite's time-budgeted tests
// are not squeezed as they were when it ran beside them at the same priority (docs/performance.md).
// A type error stops the suite at once, and the run fails naming the phase.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { ROOT, packageBin, run } from './run.mjs';

const LOWEST_PRIORITY = 19;

/**
 * Starts node with `args` and this terminal's output; answers the child and whether it ended well.
 * @param {string[]} args
 */
function start(args) {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  const ended = /** @type {Promise<boolean>} */ (new Promise((resolve) => {
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  }));
  return { child, ended };
}

/** @param {import('node:child_process').ChildProcess} child */
const running = (child) => child.exitCode === null && child.signalCode === null;

const typecheck = start([packageBin('typescript', 'tsc'), '-b']);
if (typecheck.child.pid !== undefined) setPriority(typecheck.child.pid, LOWEST_PRIORITY);
/** @type {import('node:child_process').ChildProcess | undefined} */
let suite;
const typecheckPassed = typecheck.ended.then((passed) => {
  if (!passed && suite && running(suite)) suite.kill('SIGTERM');
  return passed;
});
for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    for (const child of [typecheck.child, suite]) if (child && running(child)) child.kill(signal);
  });
}

const checks = await Promise.allSettled([
  run(process.execPath, [join(ROOT, 'scripts', 'check-layers.mjs')]),
  run(process.execPath, [packageBin('vite'), 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn']),
]);
const failed = checks.filter((check) => check.status === 'rejected');
for (const check of failed) console.error(check.reason.message);
if (failed.length > 0) {
  if (running(typecheck.child)) typecheck.child.kill('SIGTERM');
  process.exit(1);
}

let suitePassed = Promise.resolve(false);
if (running(typecheck.child) || (await typecheckPassed)) {
  const started = start([packageBin('vitest'), 'run', ...process.argv.slice(2)]);
  suite = started.child;
  suitePassed = started.ended;
}
const [typesOk, suiteOk] = await Promise.all([typecheckPassed, suitePassed]);
if (!typesOk) console.error('npm test: the typecheck (tsc -b) failed; the suite was stopped');
process.exit(typesOk && suiteOk ? 0 : 1);
