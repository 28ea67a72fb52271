import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './test/support/summary-reporter.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // better-sqlite3 is a native module: forks isolate it cleanly.
    pool: 'forks',
    reporters: ['default', new SummaryReporter()],
  },
});
