import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { openDatabase } from '../../../../src-main/engine/app/open-database.js';
import { migrations } from '../../../../src-main/engine/core/db/migrations/index.js';
import { DocStore } from '../../../../src-main/engine/core/docs/store.js';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'folio-db-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A database as it stood before migration 6, holding one space. */
function databaseBeforeRevisions(file: string): void {
  const raw = new BetterSqlite3(file);
  for (const migration of migrations.filter((m) => m.version < 6)) raw.exec(migration.sql);
  raw.pragma('user_version = 5');
  const now = '2026-01-01T00:00:00.000Z';
  raw.prepare('INSERT INTO organizations (id, title, created_at) VALUES (?, ?, ?)').run('org', 'Org', now);
  raw.prepare('INSERT INTO spaces (id, organization_id, revision, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .run('space', 'org', 'rev', now, now);
  raw.close();
}

describe('migration 6 (revisions and change requests)', () => {
  it('gives an existing space its revision as a row, with an empty page tree that change requests can fork', () => {
    const file = join(dir, 'folio.db');
    databaseBeforeRevisions(file);
    const { db } = openDatabase(file);
    const docs = new DocStore(db);
    try {
      expect(db.all('SELECT id, space_id, parents, type, change_request_id FROM revisions')).toEqual([
        { id: 'rev', space_id: 'space', parents: '[]', type: 'edits', change_request_id: null },
      ]);
      const recorded = db.get<{ doc_id: string; state_vector: Uint8Array }>('SELECT * FROM revision_docs WHERE revision_id = ?', 'rev');
      expect(recorded?.doc_id).toBe('space/space/main/tree');
      expect(Y.decodeStateVector(recorded!.state_vector).size).toBe(0);
      expect(docs.load('space/space/main/tree').share.size).toBe(0);
      const forked = docs.fork('space/space/main/tree', 'space/space/cr/x/tree');
      expect(forked.ok).toBe(true);
    } finally {
      docs.close();
      db.close();
    }
  });
});
