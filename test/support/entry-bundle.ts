import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { compileEntries, ENGINE_ENTRIES, ROOT } from '../../scripts/entry-bundle.mjs';

export { ROOT };

/**
 * The programs tests start in processes of their own, by the name of each one's compiled copy: the
 * engine's, and the tests' own. vitest's global setup (entry-bundle-setup.ts) compiles them once
 * per run (scripts/entry-bundle.mjs) — the same sources `npm run serve`/`cli` run — so a child
 * starts in well under 2 s of CPU where tsx's loader took ~4 s (docs/performance.md, "The test
 * suite's time", "`npm test` in 6 minutes").
 */
const TEST_ENTRIES = {
  'merge-child': 'test/engine/api/change-requests/merge-child.ts',
  'loop-watch': 'test/support/fuzz/loop-watch.ts',
  's3-server': 'test/support/s3-server.ts',
} as const;

const ENTRIES = { ...ENGINE_ENTRIES, ...TEST_ENTRIES };

/** A program's source, from the repository's root. */
export type BundledScript = (typeof ENTRIES)[keyof typeof ENTRIES];

const NAMES = new Map(Object.entries(ENTRIES).map(([name, source]) => [source, name]));

/** The environment variable that carries the folder of this run's compiled programs to the test forks. */
export const BUNDLE_DIR_VARIABLE = 'FOLIO_TEST_ENTRY_BUNDLE';

/** Where this process compiles the programs: two folders below the repository's root, as compileEntries needs. */
const BUNDLE_DIR = join(ROOT, '.test-build', String(process.pid));

/**
 * The compiled copy of `script` (a path from the repository's root) made for this run. Outside
 * vitest (a bench, a script run with tsx) the programs are compiled on first use, for this
 * process, and removed when it exits.
 */
export function bundledScript(script: BundledScript): string {
  return `${process.env[BUNDLE_DIR_VARIABLE] ?? compiledForThisProcess()}/${NAMES.get(script)}.mjs`;
}

/** Compiles the programs into this process's folder and names it in the environment, which the processes it starts inherit. */
export function compileBundle(): string {
  compileEntries(BUNDLE_DIR, ENTRIES);
  process.env[BUNDLE_DIR_VARIABLE] = BUNDLE_DIR;
  return BUNDLE_DIR;
}

function compiledForThisProcess(): string {
  process.once('exit', () => rmSync(BUNDLE_DIR, { recursive: true, force: true }));
  return compileBundle();
}
