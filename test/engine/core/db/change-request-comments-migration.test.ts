import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { commentsOf, countOpenComments } from '../../../../src-main/engine/domain/comments/sql.js';
import { openDatabase } from '../../../../src-main/engine/app/open-database.js';
import { migrations } from '../../../../src-main/engine/core/db/migrations/index.js';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'folio-db-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("keeps a space's comments its own through migration 9 (change-request comments)", () => {
  const file = join(dir, 'folio.db');
  const raw = new BetterSqlite3(file);
  for (const migration of migrations.filter((m) => m.version < 9)) raw.exec(migration.sql);
  raw.pragma('user_version = 8');
  const now = '2026-01-01T00:00:00.000Z';
  raw.prepare('INSERT INTO organizations (id, title, created_at) VALUES (?, ?, ?)').run('org', 'Org', now);
  raw.prepare('INSERT INTO spaces (id, organization_id, revision, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run('space', 'org', 'rev', now, now);
  raw.prepare(`INSERT INTO comments (id, space_id, posted_by, posted_at, body, status, revision)
    VALUES ('c1', 'space', 'u', ?, 'x', 'open', 'rev')`).run(now);
  raw.close();

  const { db } = openDatabase(file);
  try {
    expect(db.get('SELECT change_request_id FROM comments WHERE id = ?', 'c1')).toEqual({ change_request_id: null });
    expect(countOpenComments(db, 'space')).toBe(1);
    const own = commentsOf({ spaceId: 'space', changeRequestId: null }, { order: 'asc', status: 'all' });
    expect(db.all(`SELECT id FROM ${own.from} WHERE ${own.where}`, ...own.params)).toEqual([{ id: 'c1' }]);
  } finally {
    db.close();
  }
});
