// vitest's global setup: compiles the programs tests start in processes of their own (entry-bundle.ts)
// once per run, into a folder of its own that is removed when the run ends.
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { BUNDLE_DIR_VARIABLE, BUNDLE_OPTIONS, bundleDirFor } from './entry-bundle.js';

export default async function setup(): Promise<() => void> {
  const dir = bundleDirFor(process.pid);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await build({ ...BUNDLE_OPTIONS, outdir: dir });
  process.env[BUNDLE_DIR_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
