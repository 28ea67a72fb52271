// vitest's global setup: compiles the programs tests start in processes of their own (entry-bundle.ts)
// once per run, into a folder of its own that is removed when the run ends.
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_DIR_VARIABLE, BUNDLED_ENTRIES, ROOT } from './entry-bundle.js';

export default async function setup(): Promise<() => void> {
  // Two folders below the repository's root, as src-main/cli/serve.ts is: serve finds the built
  // renderer at `../../../out/renderer` from its own module. Inside the repository, so that the
  // packages left out of the bundle resolve from its node_modules.
  const dir = join(ROOT, '.test-build', String(process.pid));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(BUNDLED_ENTRIES).map(([source, name]) => [name, source])),
    outdir: dir,
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
  });
  process.env[BUNDLE_DIR_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
