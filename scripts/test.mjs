// `npm test`: the typecheck, the layers check and the renderer's build side by side, then the suite.
// `tsc -b` is one thread for a minute or more on a clean clone, so the two small phases (~10 s)
// take the other core. vitest waits for all three: a type error is still reported before the
// suite, and the suite does not share the machine with the typecheck (a time-budgeted
// integration test once failed that way, docs/performance.md).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, forwardSignalsAndExit, packageBin, run } from './run.mjs';

const checks = await Promise.allSettled([
  run(process.execPath, [packageBin('typescript', 'tsc'), '-b']),
  run(process.execPath, [join(ROOT, 'scripts', 'check-layers.mjs')]),
  run(process.execPath, [packageBin('vite'), 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn']),
]);
const failed = checks.filter((check) => check.status === 'rejected');
for (const check of failed) console.error(check.reason.message);
if (failed.length > 0) process.exit(1);

forwardSignalsAndExit(spawn(process.execPath, [packageBin('vitest'), 'run', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' }));
