import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const RENDERER = resolve(import.meta.dirname, '../../out/renderer');
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

// These tests build nothing: they run where `npm run build:renderer` and Debian's chromium already are.
export const skipReason = !existsSync(join(RENDERER, 'index.html'))
  ? 'out/renderer is not built (npm run build:renderer)'
  : !existsSync(CHROMIUM)
    ? `no Chromium at ${CHROMIUM} (apt-get install chromium)`
    : undefined;
if (skipReason) console.warn(`browser tests skipped: ${skipReason}`);

const SCREENSHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');

/** Where a run keeps its screenshots of the main screens (the best go into README). */
export function screenshot(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, name);
}
