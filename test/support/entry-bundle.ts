import { buildSync, type BuildOptions } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The programs tests start in processes of their own, and the name of each one's compiled copy.
 * vitest's global setup (entry-bundle-setup.ts) compiles them once per run with esbuild — the same
 * sources `npm run serve`/`cli` run under tsx, npm packages left to node_modules as they are — so a
 * child starts in ~1.5 s of CPU where tsx's loader took ~4 s (docs/performance.md, "The test
 * suite's time").
 */
export const BUNDLED_ENTRIES = {
  'src-main/cli/serve.ts': 'serve',
  'src-main/cli/folio.ts': 'folio',
  'test/engine/api/change-requests/merge-child.ts': 'merge-child',
  'test/support/fuzz/loop-watch.ts': 'loop-watch',
  'test/support/s3-server.ts': 's3-server',
  // The engine finds its worker threads' program and the integration scripts' one beside its own
  // module (`new URL('./worker-bootstrap.mjs', import.meta.url)`), which in a bundle is the bundle:
  // so they are written beside it under those names, as the desktop build places its copies.
  'src-main/engine/worker-entry.ts': 'worker-bootstrap',
  'src-main/engine/integrations/sandbox-child.mjs': 'sandbox-child',
} as const;

export type BundledScript = keyof typeof BUNDLED_ENTRIES;

/** The environment variable that carries the folder of this run's compiled programs to the test forks. */
export const BUNDLE_DIR_VARIABLE = 'FOLIO_TEST_ENTRY_BUNDLE';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Where this process compiles the programs: two folders below the repository's root, as
 * src-main/cli/serve.ts is (serve finds the built renderer at `../../../out/renderer` from its own
 * module), and inside it, so that the packages left out of the bundle resolve from its node_modules.
 */
const BUNDLE_DIR = join(ROOT, '.test-build', String(process.pid));

const BUNDLE_OPTIONS: BuildOptions = {
  absWorkingDir: ROOT,
  entryPoints: Object.fromEntries(Object.entries(BUNDLED_ENTRIES).map(([source, name]) => [name, source])),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // npm packages load from node_modules as under tsx: native ones (better-sqlite3), those that
  // read files beside themselves (pdfkit's fonts, QuickJS's .wasm) and the rest alike.
  packages: 'external',
  // Not loaded by default (Node's source maps cost ~0.2 s of CPU a process); NODE_OPTIONS=--enable-source-maps maps a child's stack traces to the sources.
  sourcemap: 'linked',
  logLevel: 'warning',
  outdir: BUNDLE_DIR,
};

/**
 * The compiled copy of `script` (a path from the repository's root) made for this run. Outside
 * vitest (a bench, a script run with tsx) the programs are compiled on first use, for this
 * process, and removed when it exits.
 */
export function bundledScript(script: BundledScript): string {
  return `${process.env[BUNDLE_DIR_VARIABLE] ?? compiledForThisProcess()}/${BUNDLED_ENTRIES[script]}.mjs`;
}

/** Compiles the programs into this process's folder and names it in the environment, which the processes it starts inherit. */
export function compileBundle(): string {
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  mkdirSync(BUNDLE_DIR, { recursive: true });
  buildSync(BUNDLE_OPTIONS);
  process.env[BUNDLE_DIR_VARIABLE] = BUNDLE_DIR;
  return BUNDLE_DIR;
}

function compiledForThisProcess(): string {
  process.once('exit', () => rmSync(BUNDLE_DIR, { recursive: true, force: true }));
  return compileBundle();
}
