import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../../../electron.vite.config.js';
import { nodeSandboxProgram, sandboxEntry } from '../../../../src-main/engine/services/integrations/sandbox-program.js';

const ROOT = resolve(import.meta.dirname, '../../../..');

describe('how a run\'s process is started', () => {
  it('under Node: the program beside the runner, no environment, the permission model reading only the program and its packages', () => {
    const program = nodeSandboxProgram();
    expect(program.entry).toBe(sandboxEntry());
    expect(existsSync(program.entry)).toBe(true);
    expect(program.env).toEqual({});
    expect(program.execArgv).toEqual([
      '--no-warnings',
      expect.stringMatching(/^--(experimental-)?permission$/),
      `--allow-fs-read=${program.entry}`,
      `--allow-fs-read=${join(ROOT, 'node_modules')}`,
    ]);
  });

  it('the desktop build puts the program beside index.js as sandbox-child.mjs, unpacked, with QuickJS loaded from node_modules', () => {
    const rolldown = config.main?.build?.rolldownOptions as {
      input: Record<string, string>;
      external: string[];
      output: { entryFileNames: (chunk: { name: string }) => string };
    };
    expect(rolldown.input['sandbox-child']).toBe(sandboxEntry());
    expect(rolldown.output.entryFileNames({ name: 'sandbox-child' })).toBe('[name].mjs');
    expect(rolldown.output.entryFileNames({ name: 'index' })).toBe('[name].js');
    expect(rolldown.external).toEqual(expect.arrayContaining(['quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync']));
    const builder = readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8');
    for (const unpacked of ['out/main/sandbox-child.mjs', 'node_modules/quickjs-emscripten-core/**', 'node_modules/@jitl/**']) expect(builder).toContain(`  - ${unpacked}\n`);
  });
});
