#!/usr/bin/env node
// `npm start`: the Electron app where its runtime is installed; elsewhere the same engine,
// served headless on loopback to a browser. Headless options: --port N, --data-dir DIR.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { NATIVE_BINDING, electronBinary } from './electron-runtime.mjs';
import { ROOT, forwardSignalsAndExit, packageBin, run } from './run.mjs';

const DEFAULT_PORT = '4470';

let options;
try {
  options = parseArgs({
    options: { port: { type: 'string', default: DEFAULT_PORT }, 'data-dir': { type: 'string', default: join(ROOT, '.folio-data') } },
  }).values;
} catch (error) {
  console.error(`npm start: ${messageOf(error).split('\n')[0]} (options: --port N, --data-dir DIR)`);
  process.exit(2);
}

const electron = electronBinary();
try {
  await (electron ? startElectron(electron) : startHeadless(options));
} catch (error) {
  console.error(`npm start: ${messageOf(error)}`);
  process.exit(1);
}

/** @param {string} binary */
async function startElectron(binary) {
  if (!existsSync(NATIVE_BINDING)) await run(process.execPath, [join(ROOT, 'scripts', 'build-native-electron.mjs')]);
  await run(process.execPath, [packageBin('electron-vite'), 'build']);
  forwardSignalsAndExit(spawn(binary, ['.'], { cwd: ROOT, stdio: 'inherit' }));
}

/** @param {{ port: string, 'data-dir': string }} options */
async function startHeadless({ port, 'data-dir': dataDirOption }) {
  const dataDir = resolve(dataDirOption);
  console.log('The Electron runtime is missing (node_modules/electron has no binary): serving Folio headless for a browser instead.');
  await run(process.execPath, [packageBin('vite'), 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn']);
  const server = spawn(
    process.execPath,
    // `npm run serve`'s compiled copy of the engine (scripts/run-entry.mjs), in this child.
    [join('scripts', 'run-entry.mjs'), 'serve', '--port', port, '--data-dir', dataDir],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  forwardSignalsAndExit(server);
  createInterface({ input: server.stdout }).on('line', (line) => {
    console.log(line);
    const listening = /^Folio listening on (\S+)/.exec(line);
    if (listening) console.log(`Open ${listening[1]}/?token=${encodeURIComponent(ownerToken(dataDir))}`);
  });
}

/** @param {string} dataDir */
function ownerToken(dataDir) {
  return readFileSync(join(dataDir, 'token'), 'utf8').trim();
}

/** @param {unknown} error */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
