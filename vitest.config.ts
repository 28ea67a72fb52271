import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BROWSER_TIMEOUTS } from './test/support/browser-timeouts.js';
import { SummaryReporter } from './test/support/summary-reporter.js';

/** Files that replace modules (`vi.mock('electron')`) or drive a browser with a shell faked that way: each gets modules of its own. */
const ISOLATED = ['test/electron/**/*.test.ts', 'test/e2e/shell-renderer.test.ts'];

export default defineConfig({
  test: {
    // Every answer of a test engine is checked against @gitbook/api@0.146.0 (test/support/conformance).
    setupFiles: [
      'test/support/conformance/setup.ts',
      'test/support/fast-check-setup.ts',
      'test/support/byte-equality-setup.ts',
      'test/support/browser-timeouts-setup.ts',
    ],
    // The programs tests start in processes of their own (serve, the CLI, …), compiled once per run;
    // the reference's validators, compiled once for all forks and kept between runs.
    globalSetup: ['test/support/entry-bundle-setup.ts', 'test/support/conformance/validators-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // better-sqlite3 is a native module: forks isolate it cleanly.
    pool: 'forks',
    // At least two forks, where vitest's default is one fewer than the cores (one on two cores): most
    // files wait on sockets, child processes, Chromium and worker threads, so one fork alone left
    // about a third of a two-core machine idle (user + sys ≈ 0.65 of the wall time). A third fork on
    // two cores was slower (487 s against 462 s, docs/performance.md, "Children's start").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', new SummaryReporter()],
    projects: [
      {
        extends: true,
        // The rest, browser files included, share each fork's modules from file to file: loading the
        // engine, zod's contract and the reference's compiled schemas once rather than per file (the
        // bulk of a file's time). Tests keep no state in modules; each makes its own engine and data
        // dir. The browser files are in it too (their timeouts from browser-timeouts-setup.ts): a
        // project of their own had forks and transformed modules of its own, so the engine's modules
        // were transformed and loaded again when its files were done (docs/performance.md, "One
        // project for the browser files").
        test: { name: 'shared', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, ...BROWSER_TIMEOUTS } },
    ],
  },
});
