import { buildSync, type BuildOptions } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The programs tests start in processes of their own, and the name of each one's compiled copy.
 * vitest's global setup (entry-bundle-setup.ts) compiles them once per run with esbuild — the same
 * sources `npm run serve`/`cli` run under tsx — so a child starts in well under 2 s of CPU where
 * tsx's loader took ~4 s (docs/performance.md, "The test suite's time", "`npm test` in 6 minutes").
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
  'src-main/engine/app/worker-entry.ts': 'worker-bootstrap',
  'src-main/engine/services/integrations/sandbox-child.mjs': 'sandbox-child',
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

/** The programs that load the engine: their npm packages are compiled in too, as resolving and
 * reading the ~700 files of node_modules they load was a third of a child's CPU (a `folio user
 * add`: 2.5 → 1.7 s). The small ones keep them in node_modules: the sandbox's child runs under
 * Node's permission model, reading only its program and its packages. */
const ENGINE_PROGRAMS: ReadonlySet<string> = new Set(['serve', 'folio', 'merge-child', 'worker-bootstrap']);

const COMMON_OPTIONS: BuildOptions = {
  absWorkingDir: ROOT,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Not loaded by default (Node's source maps cost ~0.2 s of CPU a process); NODE_OPTIONS=--enable-source-maps maps a child's stack traces to the sources.
  sourcemap: 'linked',
  logLevel: 'warning',
  outdir: BUNDLE_DIR,
};

/**
 * The engine programs run from their compiled code cached (CACHED_LOADER): the processes. Not the
 * merge child, which awaits at its top level, as CommonJS cannot; nor the worker threads' program,
 * whose dynamic import of pdfkit failed from cached code ("A dynamic import callback was not
 * specified": Node 20 loses a script's import callback in functions that come from a cache).
 */
const CACHED_PROGRAMS: ReadonlySet<string> = new Set(['serve', 'folio']);

function entries(which: (name: string) => boolean): Record<string, string> {
  return Object.fromEntries(Object.entries(BUNDLED_ENTRIES).filter(([, name]) => which(name)).map(([source, name]) => [name, source]));
}

const ENGINE_OPTIONS: BuildOptions = {
  ...COMMON_OPTIONS,
  // Left to node_modules as under tsx: the native package (better-sqlite3), those that read
  // files beside themselves (pdfkit's fonts, QuickJS's .wasm) and pg's optional native binding.
  external: ['better-sqlite3', 'pdfkit', '@jitl/quickjs-wasmfile-release-sync', 'quickjs-emscripten-core', 'pg-native'],
};

const BUILDS: BuildOptions[] = [
  {
    ...ENGINE_OPTIONS,
    entryPoints: entries((name) => CACHED_PROGRAMS.has(name)),
    // CommonJS, run by a loader of the same name (CACHED_LOADER) that keeps V8's compiled code.
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    // The engine finds the programs beside its module from `import.meta.url`, which CommonJS has not: the compiled file's own URL.
    define: { 'import.meta.url': '__folioModuleUrl' },
    banner: { js: "const __folioModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  },
  {
    ...ENGINE_OPTIONS,
    entryPoints: entries((name) => ENGINE_PROGRAMS.has(name) && !CACHED_PROGRAMS.has(name)),
    // The CommonJS packages compiled in `require` Node's own modules.
    banner: { js: "import { createRequire as __folioCreateRequire } from 'node:module'; const require = __folioCreateRequire(import.meta.url);" },
  },
  { ...COMMON_OPTIONS, entryPoints: entries((name) => !ENGINE_PROGRAMS.has(name)), packages: 'external' },
];

/**
 * `NAME.mjs` of an engine program: runs `NAME.cjs` with V8's code cache of it, `NAME.cjs.v8cache`,
 * made by the first process that ran without one (written once its start is done, or at its exit
 * if sooner). Node 20 caches no compiled code between processes, and each of the ~100 `serve` and
 * `folio` processes of a run compiled the 4 MB program again: with the cache a `folio` command on a
 * hub takes ~0.2 s less CPU, of ~1.1 s (docs/performance.md, "`npm test`, eighteenth session").
 * The programs must not import dynamically (see CACHED_PROGRAMS). With source maps on
 * (NODE_OPTIONS=--enable-source-maps, for a child's stack traces) it is required as it is.
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
  for (const options of BUILDS) buildSync(options);
  for (const name of CACHED_PROGRAMS) writeFileSync(join(BUNDLE_DIR, `${name}.mjs`), CACHED_LOADER);
  process.env[BUNDLE_DIR_VARIABLE] = BUNDLE_DIR;
  return BUNDLE_DIR;
}

function compiledForThisProcess(): string {
  process.once('exit', () => rmSync(BUNDLE_DIR, { recursive: true, force: true }));
  return compileBundle();
}
