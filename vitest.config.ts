import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './test/support/summary-reporter.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Every answer of a test engine is checked against @gitbook/api@0.146.0 (test/support/conformance).
    setupFiles: ['test/support/conformance/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // better-sqlite3 is a native module: forks isolate it cleanly.
    pool: 'forks',
    reporters: ['default', new SummaryReporter()],
  },
});
