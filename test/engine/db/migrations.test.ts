import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../../src-main/engine/db/migrations/index.js';
import { RecordedEvents } from '../../../src-main/engine/integrations/recorded-events.js';
import { openDatabase } from '../../../src-main/engine/open-database.js';
import { ChangeCapture } from '../../../src-main/engine/sync/changes/capture.js';
import { REPLICATED_TABLES } from '../../../src-main/engine/sync/changes/tables.js';
import { captureTriggers } from '../../../src-main/engine/sync/changes/triggers.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'folio-migrations-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Every table, index, view and trigger with the SQL that made it. */
function schemaOf(file: string): { type: string; name: string; sql: string | null }[] {
  const { db } = openDatabase(file);
  try {
    return db.all('SELECT type, name, sql FROM sqlite_master ORDER BY type, name');
  } finally {
    db.close();
  }
}

/** A database as a release that stopped at `version` left it: migrations applied one by one, each in its own transaction. */
function migratedUpTo(file: string, version: number): void {
  const raw = new BetterSqlite3(file);
  for (const functions of [new ChangeCapture(), new RecordedEvents()]) functions.register(raw);
  for (const migration of migrations.filter((m) => m.version <= version)) {
    raw.transaction(() => {
      raw.exec(migration.sql);
      raw.pragma(`user_version = ${migration.version}`);
    })();
  }
  raw.close();
}

describe('migrations', () => {
  it('leave a fresh database and one upgraded from every earlier version with the same schema', () => {
    const fresh = schemaOf(join(dir, 'fresh.db'));
    for (const { version } of migrations.slice(0, -1)) {
      const file = join(dir, `from-${version}.db`);
      migratedUpTo(file, version);
      expect(schemaOf(file), `upgraded from version ${version}`).toEqual(fresh);
    }
  });

  it('give a database migrated before 012 was frozen the capture triggers of a fresh one', () => {
    const fresh = schemaOf(join(dir, 'fresh.db'));
    const file = join(dir, 'older.db');
    migratedUpTo(file, 22);
    // The change requests' triggers as 012 made them before merged_by and merged_at replicated.
    const raw = new BetterSqlite3(file);
    for (const op of ['insert', 'update', 'delete']) raw.exec(`DROP TRIGGER sync_capture_change_requests_${op}`);
    raw.exec(readFileSync(join(import.meta.dirname, 'fixtures/change-requests-triggers-5ad17b9.sql'), 'utf8'));
    raw.close();
    expect(schemaOf(file)).toEqual(fresh);
  });

  it('hold the capture triggers REPLICATED_TABLES makes today: a change of a replicated table comes with a migration', () => {
    const triggers = new Map(
      schemaOf(join(dir, 'fresh.db'))
        .filter((entry) => entry.type === 'trigger' && entry.name.startsWith('sync_capture_'))
        .map((entry) => [entry.name, `${entry.sql};`]),
    );
    const expected = REPLICATED_TABLES.map(captureTriggers).join('\n');
    expect(triggers.size).toBe(REPLICATED_TABLES.length * 3);
    for (const [name, sql] of triggers) expect(expected.includes(sql), name).toBe(true);
  });

  it('are numbered one after another (each is literal SQL: npm run check:layers refuses a migration that imports code)', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
  });
});
