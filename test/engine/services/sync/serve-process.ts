import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { spawnScript } from '../../../support/processes.js';

/** `npm run serve` in a process of its own, on a data dir that outlives it. */
export interface Serve {
  child: ReturnType<typeof spawnScript>;
  url: string;
  port: number;
  exited: Promise<number | null>;
}

/**
 * Starts `npm run serve -- ARGS`, run by node itself (tsx as a loader) so that SIGKILL reaches
 * the engine's process, not a wrapper that would leave it running; resolves once it listens.
 */
export function startServe(args: string[]): Promise<Serve> {
  const child = spawnScript('src-main/cli/serve.ts', args);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    void exited.then((code) => reject(new Error(`serve exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const match = /^Folio listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
      if (match) resolve({ child, url: match[1]!, port: Number(match[2]), exited });
      else reject(new Error(`unexpected first line: ${line}`));
    });
  });
}

/** Kills the process at once, as a power cut of the process would, and waits for it to be gone. */
export async function killHard(serve: Serve): Promise<void> {
  serve.child.kill('SIGKILL');
  await serve.exited;
}

/** SQLite's own check of a data dir's database, once no process holds it. */
export function integrityOf(dataDir: string): string {
  const db = new BetterSqlite3(join(dataDir, 'folio.db'));
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}
