import { spawn } from 'node:child_process';
import { ROOT, packageBin, run } from './run.mjs';

/**
 * `npm test`: the typecheck (`tsc -b`) beside the rest (layers, the renderer's build, vitest),
 * rather than before it. tsc runs on one core for a minute or two on a clean clone, which left the
 * other core idle; the suite's forks take it up meanwhile. Its output is held and printed at the
 * end, and the run fails if either part fails.
 */
/** @type {Promise<{ ok: boolean; output: string }>} */
const typecheck = new Promise((resolve) => {
  const child = spawn(process.execPath, [packageBin('typescript', 'tsc'), '-b'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.on('error', (error) => resolve({ ok: false, output: `${output}${error.message}\n` }));
  child.on('exit', (code, signal) => resolve({ ok: code === 0, output: output || `tsc -b ended with ${signal ?? code}\n` }));
});

const npmCli = process.env.npm_execpath;
/** @param {string} script */
const npmRun = (script) => (npmCli ? run(process.execPath, [npmCli, 'run', '--silent', script]) : run('npm', ['run', '--silent', script]));
const suite = (async () => {
  await npmRun('check:layers');
  await npmRun('build:renderer');
  // `npm test -- <files>` hands the files to vitest.
  await run(process.execPath, [packageBin('vitest'), 'run', ...process.argv.slice(2)]);
})().then(
  () => true,
  (error) => (console.error(error.message), false),
);

const [checked, passed] = await Promise.all([typecheck, suite]);
if (checked.ok) console.log('typecheck: tsc -b found no errors');
else process.stdout.write(`typecheck: tsc -b failed\n${checked.output}`);
process.exitCode = checked.ok && passed ? 0 : 1;
