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

/** The compiled copy of `script` (a path from the repository's root) made for this run. */
export function bundledScript(script: BundledScript): string {
  const dir = process.env[BUNDLE_DIR_VARIABLE];
  if (!dir) throw new Error(`${BUNDLE_DIR_VARIABLE} is not set: run the tests through vitest (its global setup compiles the programs)`);
  return `${dir}/${BUNDLED_ENTRIES[script]}.mjs`;
}
