import { expect, vi } from 'vitest';
import { BROWSER_TIMEOUTS } from './browser-timeouts.js';

// The browser files share the other files' project and forks (vitest.config.ts), so they take their
// timeouts here, before their tests and hooks are registered; vitest puts the config back after each file.
if (expect.getState().testPath?.includes('/test/e2e/')) vi.setConfig(BROWSER_TIMEOUTS);
