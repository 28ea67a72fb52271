#!/usr/bin/env node
// Builds better-sqlite3 for Electron's ABI into .native/electron/, from a copy of its sources,
// so node_modules keeps the Node build the tests need. Only useful where Electron's runtime is.
import { copyFileSync, cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { NATIVE_BINDING, electronBinary, electronVersion } from './electron-runtime.mjs';
import { ROOT, run } from './run.mjs';

if (!electronBinary()) {
  console.error('build-native-electron: the Electron runtime is missing (node_modules/electron has no binary), so there is nothing to build for.');
  process.exit(1);
}

const version = electronVersion();
const source = join(ROOT, 'node_modules', 'better-sqlite3');
const work = join(ROOT, '.native', 'build', 'better-sqlite3');
rmSync(work, { recursive: true, force: true });
// The Node build in build/ stays behind: node-gyp makes the Electron one from scratch.
cpSync(source, work, { recursive: true, filter: (path) => path !== join(source, 'build') });
await run(
  'npx',
  ['--yes', 'node-gyp', 'rebuild', '--release', `--target=${version}`, '--runtime=electron', '--dist-url=https://electronjs.org/headers'],
  { cwd: work, shell: process.platform === 'win32' },
);
mkdirSync(dirname(NATIVE_BINDING), { recursive: true });
copyFileSync(join(work, 'build', 'Release', 'better_sqlite3.node'), NATIVE_BINDING);
console.log(`better-sqlite3 built for Electron ${version}: ${relative(ROOT, NATIVE_BINDING)}`);
