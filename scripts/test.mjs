// `npm test`: the layers check and the renderer's build (~10 s, the browser tests need the build),
// then the suite, with `tsc -b` beside all of it at the lowest CPU priority. The suite leaves part
// of two cores idle (its files wait on sockets, child processes and Chromium), and a cold
// typecheck (a clean clone, CI) is ~100 s of CPU on one core: run first, it held the suite back
// that long. At nice 19 it takes only what the suite leaves, so the suite's time-budgeted tests
// are not squeezed as they were when it ran beside them at the same priority (docs/performance.md).
// A type error stops the suite at once, and the run fails naming the phase.
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { ROOT, forwardSignals, packageBin, run, running, start } from './run.mjs';

const LOWEST_PRIORITY = 19;

const typecheck = start(process.execPath, [packageBin('typescript', 'tsc'), '-b']);
if (typecheck.child.pid !== undefined) setPriority(typecheck.child.pid, LOWEST_PRIORITY);
/** @type {import('node:child_process').ChildProcess | undefined} */
let suite;
const typecheckPassed = typecheck.ended.then(({ ok }) => {
  if (!ok && suite && running(suite)) suite.kill('SIGTERM');
  return ok;
});
forwardSignals(() => [typecheck.child, suite]);

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
  const started = start(process.execPath, [packageBin('vitest'), 'run', ...process.argv.slice(2)]);
  suite = started.child;
  suitePassed = started.ended.then(({ ok }) => ok);
}
const [typesOk, suiteOk] = await Promise.all([typecheckPassed, suitePassed]);
if (!typesOk) console.error('npm test: the typecheck (tsc -b) failed; the suite was stopped');
process.exit(typesOk && suiteOk ? 0 : 1);
