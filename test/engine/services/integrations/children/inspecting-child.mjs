// A script's process that reports what it can reach: its environment, its directory, and whether
// it may list that directory, read the file named by the run's script, write a file, or start a process.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** 'allowed', or the error's code. */
const attempt = (/** @type {() => unknown} */ what) => {
  try {
    what();
    return 'allowed';
  } catch (error) {
    const { code, message } = /** @type {{ code?: string, message: string }} */ (error);
    return code ?? message;
  }
};

process.once('message', (/** @type {{ script: string }} */ run) => {
  const report = {
    env: Object.keys(process.env),
    cwd: process.cwd(),
    list: attempt(() => readdirSync(process.cwd())),
    read: attempt(() => readFileSync(run.script)),
    write: attempt(() => writeFileSync('written.txt', 'x')),
    spawn: attempt(() => execFileSync(process.execPath, ['-e', '0'])),
  };
  process.send?.({ kind: 'log', level: 'info', message: JSON.stringify(report), timestamp: new Date().toISOString() });
  process.send?.({ kind: 'done' }, () => process.exit(0));
});
