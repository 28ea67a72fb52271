// Compiles programs of the repository with esbuild into a folder two levels below its root, for
// `npm run serve` and `npm run cli` (scripts/run-entry.mjs) and for the processes tests start
// (test/support/entry-bundle.ts). tsx's loader resolved and compiled the engine's ~800 modules and
// ~700 of node_modules' on every start (~2.5 s of CPU on an idle machine, 4–5 s at load 5);
// compiled once, a `folio` command starts in well under a second (docs/performance.md).
import { buildSync } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The engine's programs (`npm run serve`, `npm run cli`) by the name of their compiled copy, and
 * the two they start from beside their own module: the worker threads' program and the
 * integration scripts' (see compileEntries).
 */
export const ENGINE_ENTRIES = /** @type {const} */ ({
  serve: 'src-main/cli/serve.ts',
  folio: 'src-main/cli/folio.ts',
  'worker-bootstrap': 'src-main/engine/app/worker-entry.ts',
  'sandbox-child': 'src-main/engine/services/integrations/sandbox-child.mjs',
});

/**
 * The engine's programs whose npm packages are compiled in too: resolving and reading the ~700
 * files of node_modules they load was a third of a child's CPU (a `folio user add`: 2.5 → 1.7 s).
 * The small ones keep them in node_modules: the sandbox's child runs under Node's permission model,
 * reading only its program and its packages.
 */
const ENGINE_PROGRAMS = new Set(['serve', 'folio', 'merge-child', 'worker-bootstrap']);

/**
 * The engine programs run from their compiled code cached (CACHED_LOADER): the processes. Not the
 * merge child, which awaits at its top level, as CommonJS cannot; nor the worker threads' program,
 * whose dynamic import of pdfkit failed from cached code ("A dynamic import callback was not
 * specified": Node 20 loses a script's import callback in functions that come from a cache).
 */
const CACHED_PROGRAMS = new Set(['serve', 'folio']);

/** @param {string} outdir @returns {import('esbuild').BuildOptions} */
const commonOptions = (outdir) => ({
  absWorkingDir: ROOT,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Not loaded by default (Node's source maps cost ~0.2 s of CPU a process); NODE_OPTIONS=--enable-source-maps maps a process's stack traces to the sources.
  sourcemap: 'linked',
  logLevel: 'warning',
  outdir,
});

/** @param {string} outdir @returns {import('esbuild').BuildOptions} */
const engineOptions = (outdir) => ({
  ...commonOptions(outdir),
  // Left to node_modules as under tsx: the native package (better-sqlite3), those that read
  // files beside themselves (pdfkit's fonts, QuickJS's .wasm) and pg's optional native binding.
  external: ['better-sqlite3', 'pdfkit', '@jitl/quickjs-wasmfile-release-sync', 'quickjs-emscripten-core', 'pg-native'],
});

/**
 * `NAME.mjs` of an engine program: runs `NAME.cjs` with V8's code cache of it, `NAME.cjs.v8cache`,
 * made by the first process that ran without one (written once its start is done, or at its exit
 * if sooner). Node 20 caches no compiled code between processes, and each of the ~100 `serve` and
 * `folio` processes of a test run compiled the 4 MB program again: with the cache a `folio` command
 * on a hub takes ~0.2 s less CPU, of ~1.1 s (docs/performance.md, "`npm test`, eighteenth session").
 * The programs must not import dynamically (see CACHED_PROGRAMS). With source maps on
 * (NODE_OPTIONS=--enable-source-maps, for a process's stack traces) it is required as it is.
 */
const CACHED_LOADER = `import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Module, createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const file = fileURLToPath(import.meta.url).replace(/\\.mjs$/, '.cjs');
const require = createRequire(file);
if (process.sourceMapsEnabled) {
  require(file);
} else {
  const cache = \`\${file}.v8cache\`;
  let cachedData;
  try {
    cachedData = readFileSync(cache);
  } catch {}
  const script = new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData });
  const module = { exports: {}, filename: file, id: file, loaded: false };
  if (cachedData === undefined || script.cachedDataRejected) {
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      try {
        const own = \`\${cache}.\${process.pid}.\${Math.random().toString(36).slice(2)}\`;
        writeFileSync(own, script.createCachedData());
        renameSync(own, cache);
      } catch {}
    };
    process.once('exit', write);
    setTimeout(write, 2000).unref();
  }
  script.runInThisContext()(module.exports, require, module, file, fileURLToPath(new URL('.', import.meta.url)));
}
`;

/**
 * Compiles `entries` (the name of each program's compiled copy → its source, from the repository's
 * root) into `outdir`, emptied first; an engine program `NAME` is started as `outdir/NAME.mjs`.
 * `outdir` must be two folders below the root, as src-main/cli/serve.ts is (serve finds the built
 * renderer at `../../../out/renderer` from its own module), and inside it, so that the packages
 * left out of the bundle resolve from its node_modules. The engine finds its worker threads'
 * program and the integration scripts' one beside its own module (`new URL('./worker-bootstrap.mjs',
 * import.meta.url)`), which in a bundle is the bundle: an engine program's entries must include
 * them under those names, as the desktop build places its copies.
 * @param {string} outdir
 * @param {Record<string, string>} entries
 */
export function compileEntries(outdir, entries) {
  /** @param {(name: string) => boolean} which */
  const some = (which) => Object.fromEntries(Object.entries(entries).filter(([name]) => which(name)));
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  /** @type {import('esbuild').BuildOptions[]} */
  const builds = [
    {
      ...engineOptions(outdir),
      entryPoints: some((name) => CACHED_PROGRAMS.has(name)),
      // CommonJS, run by a loader of the same name (CACHED_LOADER) that keeps V8's compiled code.
      format: 'cjs',
      outExtension: { '.js': '.cjs' },
      // The engine finds the programs beside its module from `import.meta.url`, which CommonJS has not: the compiled file's own URL.
      define: { 'import.meta.url': '__folioModuleUrl' },
      banner: { js: "const __folioModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    },
    {
      ...engineOptions(outdir),
      entryPoints: some((name) => ENGINE_PROGRAMS.has(name) && !CACHED_PROGRAMS.has(name)),
      // The CommonJS packages compiled in `require` Node's own modules.
      banner: { js: "import { createRequire as __folioCreateRequire } from 'node:module'; const require = __folioCreateRequire(import.meta.url);" },
    },
    { ...commonOptions(outdir), entryPoints: some((name) => !ENGINE_PROGRAMS.has(name)), packages: 'external' },
  ];
  for (const options of builds) if (Object.keys(/** @type {object} */ (options.entryPoints)).length > 0) buildSync(options);
  for (const name of Object.keys(entries)) if (CACHED_PROGRAMS.has(name)) writeFileSync(join(outdir, `${name}.mjs`), CACHED_LOADER);
}
