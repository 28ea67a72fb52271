import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { bundledScript, ROOT } from '../entry-bundle.js';
import type { LoopStall } from './loop-watch.js';

export interface WatchedServe {
  child: ChildProcess;
  url: string;
  dataDir: string;
  token: string;
  /** Every loop stall the process reported so far. */
  stalls: LoopStall[];
  /** Called with each stall as it is reported. */
  onStall: (listener: (stall: LoopStall) => void) => void;
  /** What the process wrote to stderr (its logged errors). */
  stderr: () => string;
  exited: Promise<number | null>;
}

/**
 * `npm run serve` on a fresh data dir, in a process of its own, with the loop watch loaded and an
 * IPC channel to report on: the engine a real user runs, watched from outside.
 */
export function startWatchedServe(): Promise<WatchedServe> {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-fuzz-'));
  const child = spawn(
    process.execPath,
    ['--import', bundledScript('test/support/fuzz/loop-watch.ts'), bundledScript('src-main/cli/serve.ts'), '--data-dir', dataDir, '--port', '0'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  const stalls: LoopStall[] = [];
  const listeners: ((stall: LoopStall) => void)[] = [];
  child.on('message', (message: LoopStall) => {
    if (message.kind !== 'stall') return;
    stalls.push(message);
    for (const listener of listeners) listener(message);
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    void exited.then((code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const match = /^Folio listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (!match) return reject(new Error(`unexpected first line: ${line}`));
      const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
      resolve({ child, url: match[1]!, dataDir, token, stalls, onStall: (listener) => listeners.push(listener), stderr: () => stderr, exited });
    });
  });
}
