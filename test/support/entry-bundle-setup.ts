// vitest's global setup: compiles the programs tests start in processes of their own (entry-bundle.ts)
// once per run, into a folder of its own that is removed when the run ends.
import { rmSync } from 'node:fs';
import { compileBundle } from './entry-bundle.js';

export default function setup(): () => void {
  const dir = compileBundle();
  return () => rmSync(dir, { recursive: true, force: true });
}
