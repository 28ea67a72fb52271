import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../../../../../src-main/engine/app/open-database.js';
import { migrations } from '../../../../../src-main/engine/core/db/migrations/index.js';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'folio-db-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('logs the rows a data dir held before migration 12 as inserts, scoped, with stamps in order', () => {
  const file = join(dir, 'folio.db');
  const raw = new BetterSqlite3(file);
  for (const migration of migrations.filter((m) => m.version < 12)) raw.exec(migration.sql);
  raw.pragma('user_version = 11');
  const now = '2026-01-01T00:00:00.000Z';
  raw.prepare('INSERT INTO users (id, email, display_name, created_at) VALUES (?, ?, ?, ?)').run('u', 'u@example.com', 'U', now);
  raw.prepare('INSERT INTO organizations (id, title, created_at) VALUES (?, ?, ?)').run('org', 'Org', now);
  raw.prepare('INSERT INTO members (organization_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)').run('org', 'u', 'admin', now);
  raw.prepare('INSERT INTO spaces (id, organization_id, revision, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run('space', 'org', 'rev', now, now);
  raw.prepare('INSERT INTO tokens (hash, user_id, created_at) VALUES (?, ?, ?)').run('h', 'u', now);
  raw.close();

  const { db } = openDatabase(file);
  try {
    const log = db.all<{ hlc: string; tbl: string; row_key: string; op: string; organization_id: string | null; space_id: string | null }>(
      'SELECT hlc, tbl, row_key, op, organization_id, space_id FROM change_log ORDER BY seq',
    );
    expect(log.map((row) => [row.tbl, row.row_key, row.op, row.organization_id, row.space_id])).toEqual([
      ['users', '["u"]', 'insert', null, null],
      ['organizations', '["org"]', 'insert', 'org', null],
      ['members', '["org","u"]', 'insert', 'org', null],
      ['spaces', '["space"]', 'insert', 'org', 'space'],
    ]);
    expect([...log.map((row) => row.hlc)].sort()).toEqual(log.map((row) => row.hlc));
  } finally {
    db.close();
  }
});
