import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronBinary } from '../../scripts/electron-runtime.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

describe.skipIf(electronBinary())('build-native-electron without the Electron runtime', () => {
  it('refuses in one clear line and builds nothing', () => {
    const result = spawnSync(process.execPath, ['scripts/build-native-electron.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/Electron runtime is missing/)]);
  });
});
