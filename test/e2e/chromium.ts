import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const RENDERER = resolve(import.meta.dirname, '../../out/renderer');
export const CHROMIUM = '/usr/bin/chromium';
/** What playwright-core 1.65 turns off itself (its `chromiumSwitches.ts`): startup requests to Google, and a few test hazards. */
const PLAYWRIGHT_FEATURES_OFF = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay',
  'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin',
  'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch', 'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];
/**
 * Headless Chromium builds a window's toolbar for every new tab, and with it loads the address
 * bar's popup, a WebUI page of its own (chrome://omnibox-popup.top-chrome, ~440 files and a
 * renderer process): on the editor's tab it took about half the CPU of the app's own start.
 * Chromium keeps only the last `--disable-features` it is given, so this list carries
 * Playwright's too (should Playwright add to its own, its newer ones are what this would drop).
 */
const FEATURES_OFF = [...PLAYWRIGHT_FEATURES_OFF, 'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  `--disable-features=${FEATURES_OFF.join(',')}`,
];

let launched: Promise<Browser> | undefined;

/**
 * One headless Chromium for the browser files of this process (vitest's fork, whose modules they
 * share): a launch costs ~1.6 s of CPU, which each file paid. Files open their tabs in contexts of
 * their own (a profile each: cookies, IndexedDB) and close those (`closeTabs`), not the browser;
 * Playwright ends it with the fork. A browser that went away is launched again.
 */
export async function sharedChromium(): Promise<Browser> {
  if (launched && !(await launched.then((browser) => browser.isConnected(), () => false))) launched = undefined;
  launched ??= chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return launched;
}

/** Closes every context (its tabs) of the shared browser: what a file opened, at its end. */
export async function closeTabs(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

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
