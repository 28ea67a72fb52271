import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The rules of .dependency-cruiser.cjs (what `npm run check:layers` checks over the real tree),
 * tried on a small tree of files, each importing one thing: the forbidden imports are reported
 * under the rule that forbids them, the allowed ones not at all.
 */

const ROOT = resolve(import.meta.dirname, '../..');

/** [importing file, import, the rule that refuses it (undefined: allowed)] */
const CASES: [string, string, string | undefined][] = [
  ['src-shared/a.ts', "import type BetterSqlite3 from 'better-sqlite3'; export type A = BetterSqlite3.Database;", 'layer-shared-packages'],
  ['src-shared/b.ts', "import { readFileSync } from 'node:fs'; export const b = readFileSync;", 'layer-shared-no-node'],
  ['src-shared/c.ts', "import { WebSocket } from 'ws'; export const c = WebSocket;", 'layer-shared-packages'],
  ['src-shared/d.ts', "import { e } from '../src-main/engine/e.js'; export const d = e;", 'layer-shared-files'],
  ['src-shared/ok.ts', "import { z } from 'zod'; import * as Y from 'yjs'; export const ok = [z, Y];", undefined],
  ['src-renderer/a.ts', "import { WebSocket } from 'ws'; export const a = WebSocket;", 'layer-renderer-packages'],
  ['src-renderer/b.ts', "import { join } from 'node:path'; export const b = join;", 'layer-renderer-no-node'],
  ['src-renderer/c.ts', "import { e } from '../src-main/engine/e.js'; export const c = e;", 'layer-renderer-files'],
  ['src-renderer/ok.tsx', "import { useState } from 'react'; import { ok } from '../src-shared/ok.js'; export const x = [useState, ok];", undefined],
  ['src-main/engine/e.ts', "import { app } from 'electron'; export const e = app;", 'layer-engine-packages'],
  ['src-main/engine/core/db/a.ts', "import { find } from '../../domain/orgs/sql.js'; export const a = find;", 'engine-layer-core'],
  ['src-main/engine/core/db/b.ts', "import PDFDocument from 'pdfkit'; export const b = PDFDocument;", 'engine-package-pdfkit'],
  ['src-main/engine/core/db/migrations/001-x.ts', "import { find } from '../../../domain/orgs/sql.js'; export const sql = String(find);", 'migrations-are-literal'],
  ['src-main/engine/domain/orgs/sql.ts', "import { handlers } from '../../api/orgs/routes.js'; export const find = handlers;", 'engine-layer-domain'],
  ['src-main/engine/api/orgs/routes.ts', "import { run } from '../../services/translation/runner.js'; export const handlers = run;", undefined],
  ['src-main/engine/services/translation/runner.ts', "import { serve } from '../../transports/http/listener.js'; export const run = serve;", 'engine-layer-services'],
  ['src-main/engine/transports/http/listener.ts', "import { d } from '../../core/clock.js'; export const serve = d;", undefined],
  ['src-main/engine/core/clock.ts', 'export const d = 1;', undefined],
  ['src-main/engine/nowhere/a.ts', "import { d } from '../core/clock.js'; export const a = d;", 'engine-file-in-a-layer'],
  ['src-main/engine/domain/content/tree.ts', "import Database from 'better-sqlite3'; export const t = Database;", 'engine-package-better-sqlite3'],
  ['src-main/electron/a.ts', "import { app } from 'electron'; import { e } from '../engine/e.js'; export const a = [app, e];", undefined],
  ['src-main/electron/b.ts', "import { useState } from 'react'; export const b = useState;", 'layer-shell-packages'],
];

let tree: string;
let found: { rule: string; from: string; to: string }[];

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'folio-layers-'));
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
  writeFileSync(join(tree, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx' } }));
  for (const [file, source] of CASES) {
    mkdirSync(dirname(join(tree, file)), { recursive: true });
    writeFileSync(join(tree, file), `${source}\n`);
  }
  const bin = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const args = [bin, 'src-shared', 'src-main', 'src-renderer', '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'];
  const result = JSON.parse(execFileSync(process.execPath, args, { cwd: tree, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  found = result.summary.violations.map((violation) => ({ rule: violation.rule.name, from: violation.from, to: violation.to }));
}, 120_000);
afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('check:layers', () => {
  it.each(CASES.filter(([, , rule]) => rule !== undefined))('refuses %s: %s', (file, _source, rule) => {
    expect(found.filter((violation) => violation.from === file).map((violation) => violation.rule)).toContain(rule);
  });

  it.each(CASES.filter(([, , rule]) => rule === undefined))('allows %s: %s', (file) => {
    expect(found.filter((violation) => violation.from === file)).toEqual([]);
  });
});
