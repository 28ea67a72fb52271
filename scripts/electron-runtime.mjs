import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** better-sqlite3 built for Electron by build-native-electron.mjs; the shell loads it when unpackaged. */
export const NATIVE_BINDING = join(import.meta.dirname, '..', '.native', 'electron', 'better_sqlite3.node');

/**
 * The Electron executable, or undefined where only the `electron` package is installed: its
 * binary is downloaded by an install script that is not allowed to run everywhere.
 */
export function electronBinary() {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function electronVersion() {
  return require('electron/package.json').version;
}
