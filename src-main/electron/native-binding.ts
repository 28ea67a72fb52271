import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Where scripts/build-native-electron.mjs puts better-sqlite3 built for Electron's ABI. */
export const ELECTRON_NATIVE_BINDING = '.native/electron/better_sqlite3.node';

/**
 * Unpackaged runs load the Electron build beside the project, since node_modules stays at
 * Node's ABI for the tests; a packaged app's node_modules were rebuilt by electron-builder.
 */
export function electronNativeBinding(appPath: string, isPackaged: boolean): string | undefined {
  if (isPackaged) return undefined;
  const file = join(appPath, ELECTRON_NATIVE_BINDING);
  return existsSync(file) ? file : undefined;
}
