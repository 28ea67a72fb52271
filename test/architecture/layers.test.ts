import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The layers of ARCHITECTURE.md's table, each checked by where its files' imports lead. */

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const BUILTINS = new Set(builtinModules);
const REACT = new Set(['react', 'react-dom']);

type Layer = 'shared' | 'engine' | 'shell' | 'renderer';
type Target = { kind: 'builtin' } | { kind: 'package'; name: string } | { kind: 'file'; path: string };

function layerOf(path: string): Layer | undefined {
  if (path.startsWith('src-shared/')) return 'shared';
  if (path.startsWith('src-main/electron/')) return 'shell';
  if (path.startsWith('src-main/')) return 'engine';
  if (path.startsWith('src-renderer/')) return 'renderer';
  return undefined;
}

function classify(file: string, specifier: string): Target {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    return { kind: 'file', path: relative(ROOT, resolve(ROOT, dirname(file), specifier)) };
  }
  if (specifier.startsWith('node:') || BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0]!)) return { kind: 'builtin' };
  const parts = specifier.split('/');
  return { kind: 'package', name: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]! };
}

const under = (target: Target, ...folders: string[]) =>
  target.kind === 'file' && folders.some((folder) => target.path === folder || target.path.startsWith(`${folder}/`));
const isPackage = (target: Target, names: Set<string>) => target.kind === 'package' && names.has(target.name);

/** Why `file` may not import `specifier`, or undefined when it may. */
function violation(file: string, specifier: string): string | undefined {
  const target = classify(file, specifier);
  switch (layerOf(file)) {
    case 'shared':
      if (target.kind === 'builtin') return 'src-shared runs everywhere: no Node builtins';
      if (isPackage(target, new Set(['electron', ...REACT]))) return 'src-shared may not import electron or React';
      if (under(target, 'src-main', 'src-renderer')) return 'src-shared may not import src-main or src-renderer';
      return undefined;
    case 'engine':
      if (isPackage(target, new Set(['electron', ...REACT]))) return 'the engine never imports electron or React';
      if (under(target, 'src-renderer', 'src-main/electron')) return 'the engine may not import the renderer or the shell';
      return undefined;
    case 'shell':
      if (isPackage(target, REACT) || under(target, 'src-renderer')) return 'the shell may not import React or the renderer';
      return undefined;
    case 'renderer':
      if (target.kind === 'builtin') return 'the renderer runs in a browser: no Node builtins';
      if (isPackage(target, new Set(['electron', 'better-sqlite3']))) return 'the renderer may not import electron or better-sqlite3';
      if (under(target, 'src-main')) return 'the renderer reaches the engine only through the API client';
      return undefined;
    default:
      return undefined;
  }
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return info.importedFiles.map((imported) => imported.fileName);
}

describe('layers', () => {
  it.each(['src-shared', 'src-main', 'src-main/electron', 'src-renderer'])('%s has sources to check', (folder) => {
    expect(sourceFiles(folder).length).toBeGreaterThan(0);
  });

  it.each(['src-shared', 'src-main', 'src-renderer'])('every import in %s respects its layer', (folder) => {
    const found = sourceFiles(folder).flatMap((file) =>
      importsOf(file).flatMap((specifier) => {
        const why = violation(file, specifier);
        return why ? [`${file} imports ${specifier}: ${why}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it.each([
    ['src-shared/a.ts', 'node:fs'],
    ['src-shared/a.ts', 'crypto'],
    ['src-shared/a.ts', 'electron'],
    ['src-shared/a.ts', 'react'],
    ['src-shared/a.ts', '../src-main/engine/engine.js'],
    ['src-shared/client/a.ts', '../../src-renderer/App.js'],
    ['src-main/engine/a.ts', 'electron'],
    ['src-main/engine/a.ts', 'react-dom/client'],
    ['src-main/engine/a.ts', '../../src-renderer/App.js'],
    ['src-main/cli/a.ts', '../electron/ipc.js'],
    ['src-main/electron/a.ts', 'react'],
    ['src-main/electron/a.ts', '../../src-renderer/App.js'],
    ['src-renderer/a.ts', 'node:path'],
    ['src-renderer/a.ts', 'fs/promises'],
    ['src-renderer/a.ts', 'electron'],
    ['src-renderer/a.ts', 'better-sqlite3'],
    ['src-renderer/api/a.ts', '../../src-main/engine/engine.js'],
  ])('flags %s importing %s', (file, specifier) => {
    expect(violation(file, specifier)).toBeDefined();
  });

  it.each([
    ['src-shared/a.ts', 'zod'],
    ['src-shared/client/a.ts', '../contract/index.js'],
    ['src-main/engine/a.ts', 'node:fs'],
    ['src-main/engine/a.ts', 'better-sqlite3'],
    ['src-main/engine/a.ts', '../../src-shared/contract/index.js'],
    ['src-main/electron/a.ts', 'electron'],
    ['src-main/electron/a.ts', '../engine/engine.js'],
    ['src-renderer/a.tsx', 'react'],
    ['src-renderer/a.ts', '../src-shared/client/client.js'],
    ['src-renderer/a.ts', 'zustand/vanilla'],
  ])('allows %s importing %s', (file, specifier) => {
    expect(violation(file, specifier)).toBeUndefined();
  });
});
