import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../../../src-main/engine/core/db/migrations/index.js';
import { bootstrapIfEmpty } from '../../../../src-main/engine/app/admin/bootstrap.js';
import { Engine } from '../../../../src-main/engine/app/engine.js';
import { RecordedEvents } from '../../../../src-main/engine/services/integrations/recorded-events.js';
import { openDatabase } from '../../../../src-main/engine/app/open-database.js';
import { ChangeCapture } from '../../../../src-main/engine/services/sync/changes/capture.js';
import { REPLICATED_TABLES } from '../../../../src-main/engine/services/sync/changes/tables.js';
import { captureTriggers } from '../../../../src-main/engine/services/sync/changes/triggers.js';

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

/**
 * A database as a release that stopped at `version` left it: migrations applied one by one, each
 * in its own transaction. `copies` (`version → file`) takes a copy of it at each of those versions
 * on the way, as each release left it: one run up the migrations instead of one per version.
 */
function migratedUpTo(file: string, version: number, copies: Map<number, string> = new Map()): void {
  const raw = new BetterSqlite3(file);
  for (const functions of [new ChangeCapture(), new RecordedEvents()]) functions.register(raw);
  // Not flushed to the disk at each commit: that changes when the file is durable, not what it holds.
  raw.pragma('synchronous = OFF');
  for (const migration of migrations.filter((m) => m.version <= version)) {
    raw.transaction(() => {
      raw.exec(migration.sql);
      raw.pragma(`user_version = ${migration.version}`);
    })();
    // Committed in the default rollback-journal mode, the file alone is the whole database.
    const copy = copies.get(migration.version);
    if (copy) copyFileSync(file, copy);
  }
  raw.close();
}

describe('migrations', () => {
  it('leave a fresh database and one upgraded from every earlier version with the same schema', { timeout: 60_000 }, () => {
    const fresh = schemaOf(join(dir, 'fresh.db'));
    const earlier = new Map(migrations.slice(0, -1).map(({ version }) => [version, join(dir, `from-${version}.db`)]));
    migratedUpTo(join(dir, 'releases.db'), Math.max(...earlier.keys()), earlier);
    for (const [version, file] of earlier) expect(schemaOf(file), `upgraded from version ${version}`).toEqual(fresh);
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

/**
 * A data dir as the release before these migrations were literal made it, through its API
 * (fixtures/make-main-026.ts says how): at migration 026, with a welcome space, pages, a recorded
 * conflict, reviews, a comment and a Git link. Opened by this engine, it upgrades and loses nothing.
 */
describe('a data dir made at migration 026', () => {
  const FIXTURE = join(import.meta.dirname, 'fixtures/main-026');
  let dataDir: string;
  beforeEach(() => {
    dataDir = join(dir, 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'folio.db'), gunzipSync(readFileSync(join(FIXTURE, 'folio.db.gz'))));
    writeFileSync(join(dataDir, 'token'), readFileSync(join(FIXTURE, 'token')), { mode: 0o600 });
  });

  /** Every table's rows, in a stable order. */
  function rowsOf(file: string): Map<string, unknown[]> {
    const raw = new BetterSqlite3(file, { readonly: true });
    try {
      const tables = raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
      return new Map(tables.map((table) => [table, raw.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all()]));
    } catch {
      // WITHOUT ROWID tables have no rowid: ordered by every column instead.
      const tables = raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
      return new Map(tables.map((table) => [table, raw.prepare(`SELECT * FROM "${table}"`).all().map((row) => JSON.stringify(row)).sort()]));
    } finally {
      raw.close();
    }
  }

  /** `rows` without the columns that `before`'s rows lack, which must be null: added by a later migration. */
  function withoutAddedColumns(rows: unknown[], before: unknown[]): unknown[] {
    const parse = (row: unknown) => (typeof row === 'string' ? JSON.parse(row) : row) as Record<string, unknown>;
    const columns = new Set(before.length > 0 ? Object.keys(parse(before[0])) : []);
    return rows.map((row) => {
      const kept = Object.entries(parse(row)).filter(([column, value]) => {
        if (columns.has(column)) return true;
        expect(value, column).toBeNull();
        return false;
      });
      return typeof row === 'string' ? JSON.stringify(Object.fromEntries(kept)) : Object.fromEntries(kept);
    });
  }

  it('upgrades to the schema of a fresh database, every row kept, and answers through the API as before', async () => {
    const file = join(dataDir, 'folio.db');
    expect(new BetterSqlite3(file, { readonly: true }).pragma('user_version', { simple: true })).toBe(26);
    const before = rowsOf(file);
    const engine = new Engine({ dataDir, git: { pollIntervalMs: 3_600_000 } });
    try {
      expect(engine.db.get<{ user_version: number }>('PRAGMA user_version')!.user_version).toBe(migrations.at(-1)!.version);
      // Every row kept; tables added by later migrations (029's teams asked to review) start empty,
      // and columns they added (030's `doc_forks.moved_from`) null.
      const after = rowsOf(file);
      expect(new Map([...after].filter(([table]) => before.has(table)).map(([table, rows]) => [table, withoutAddedColumns(rows, before.get(table)!)]))).toEqual(before);
      for (const [table, rows] of after) if (!before.has(table) && table !== 'git_sync_holds') expect(rows, table).toEqual([]);
      // 036's holds: the links this engine synced or keeps a token for, as they stand (037: each field of it).
      const held = new BetterSqlite3(file, { readonly: true })
        .prepare("SELECT * FROM space_git_links l WHERE space_id IN (SELECT space_id FROM git_sync_secrets) OR EXISTS (SELECT 1 FROM git_sync_states s WHERE s.space_id = l.space_id AND s.source LIKE l.url || ' %')")
        .all() as { space_id: string; url: string; ref: string; direction: string; project_directory: string; poll_seconds: number; linked_by: string; updated_at: string }[];
      expect(held.length).toBeGreaterThan(0);
      expect(after.get('git_sync_holds')).toEqual(held.map((link) => JSON.stringify({
        space_id: link.space_id,
        link_updated_at: link.updated_at,
        link: JSON.stringify([link.url, link.ref, link.direction, link.project_directory, link.poll_seconds, link.linked_by]),
      })));
      const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
      const call = async (method: string, path: string, body?: unknown) => {
        const answer = await engine.request({ method, path, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { body }) });
        expect(answer.status, `${method} ${path}`).toBeLessThan(300);
        return answer.body as Record<string, any>;
      };
      const spaces = (await call('GET', `/v1/orgs/${(await call('GET', '/v1/orgs')).items[0].id}/spaces`)).items as { id: string; title: string }[];
      expect(spaces.map((space) => space.title).sort()).toEqual(['Handbook', 'Welcome to Folio']);
      const handbook = spaces.find((space) => space.title === 'Handbook')!.id;
      const pages = (await call('GET', `/v1/spaces/${handbook}/content/pages`)).pages as { id: string; title: string }[];
      const backups = pages.find((page) => page.title === 'Backups')!.id;
      expect((await call('GET', `/v1/spaces/${handbook}/content/page/${backups}?format=markdown`)).markdown).toBe('# Backups\n\nTip: back up every day.\n');
      const changeRequests = (await call('GET', `/v1/spaces/${handbook}/change-requests?status=open`)).items as { id: string; subject: string }[];
      const note = changeRequests.find((cr) => cr.subject === 'Note')!.id;
      const reviewed = changeRequests.find((cr) => cr.subject === 'Reviewed')!.id;
      expect((await call('GET', `/v1/spaces/${handbook}/change-requests/${note}/conflicts`)).items).toMatchObject([
        { kind: 'block', status: 'open', main: { markdown: 'Tip: back up every day.\n' }, changeRequest: { markdown: 'Note: backups are automatic.\n' } },
      ]);
      expect(((await call('GET', `/v1/spaces/${handbook}/change-requests/${reviewed}/reviews`)).items as { status: string }[]).map((r) => r.status).sort()).toEqual([
        'approved',
        'changes-requested',
      ]);
      expect(await call('GET', `/v1/spaces/${handbook}/git/link`)).toMatchObject({ url: 'http://127.0.0.1:9/acme/handbook.git', hasToken: true, pendingExport: true });
      // The capture triggers 027 made log a write like every other.
      const logged = engine.db.get<{ n: number }>('SELECT count(*) AS n FROM change_log')!.n;
      await call('PATCH', `/v1/spaces/${handbook}`, { title: 'Handbook, upgraded' });
      expect(engine.db.all<{ tbl: string; op: string }>('SELECT tbl, op FROM change_log WHERE seq > (SELECT seq FROM change_log ORDER BY seq LIMIT 1 OFFSET ?)', logged - 1))
        .toEqual([{ tbl: 'spaces', op: 'update' }]);
    } finally {
      engine.close();
    }
    expect(schemaOf(file)).toEqual(schemaOf(join(dir, 'fresh.db')));
  });
});

/**
 * 028 rebuilds `file_blobs`, which `content_files` refers to: a data dir holding files, with the
 * table in its old WITHOUT ROWID shape, upgrades with its foreign keys whole and serves every byte.
 */
describe('a data dir holding files, before 028', () => {
  it('keeps every file and its bytes through the rebuild of file_blobs', async () => {
    const dataDir = join(dir, 'data');
    const bytes = Buffer.from('the bytes of a file uploaded before the upgrade');
    let engine = new Engine({ dataDir, git: { pollIntervalMs: 3_600_000 } });
    let download: string;
    const headers = () => ({ authorization: `Bearer ${readFileSync(join(dataDir, 'token'), 'utf8').trim()}` });
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await engine.request({ method, path, headers: headers(), ...(body === undefined ? {} : { body }) });
      expect(answer.status, `${method} ${path}`).toBeLessThan(300);
      return answer.body as Record<string, any>;
    };
    try {
      bootstrapIfEmpty(engine, { welcome: true });
      const space = (await call('GET', `/v1/orgs/${(await call('GET', '/v1/orgs')).items[0].id}/spaces`)).items[0].id as string;
      const cr = (await call('POST', `/v1/spaces/${space}/change-requests`, { subject: 'Files' })).id as string;
      const written = await call('POST', `/v1/spaces/${space}/change-requests/${cr}/content?compat=false`, {
        changes: [{ operation: 'insert_files', files: [{ name: 'notes.txt', contentType: 'text/plain', base64: bytes.toString('base64') }] }],
      });
      download = new URL(written.insertedFiles[0].downloadURL).pathname;
    } finally {
      engine.close();
    }
    // The table as 007 made it, and the database as a release at 027 left it (what 029–036 added taken out; 032 makes the conflicts' capture triggers again).
    const raw = new BetterSqlite3(join(dataDir, 'folio.db'));
    raw.pragma('foreign_keys = OFF');
    raw.exec(`
      CREATE TABLE old_blobs (sha256 TEXT PRIMARY KEY, bytes BLOB NOT NULL) WITHOUT ROWID;
      INSERT INTO old_blobs SELECT sha256, bytes FROM file_blobs;
      DROP TABLE file_blobs;
      ALTER TABLE old_blobs RENAME TO file_blobs;
      DROP TABLE change_request_requested_teams;
      DROP TRIGGER doc_forks_base_count_change;
      ALTER TABLE doc_forks DROP COLUMN later_copy;
      ALTER TABLE doc_forks DROP COLUMN restored_blocks;
      ALTER TABLE doc_forks DROP COLUMN restore_analysed;
      ALTER TABLE doc_forks DROP COLUMN moved_conflicts;
      ALTER TABLE doc_forks DROP COLUMN moved_from;
      DROP TRIGGER sync_capture_change_request_conflicts_insert;
      DROP TRIGGER sync_capture_change_request_conflicts_update;
      DROP TRIGGER sync_capture_change_request_conflicts_delete;
      ALTER TABLE change_request_conflicts DROP COLUMN resolution_writes;
      DROP TABLE git_sync_holds;
      PRAGMA user_version = 27;
    `);
    expect(raw.prepare("SELECT sql FROM sqlite_master WHERE name = 'file_blobs'").pluck().get()).toMatch(/WITHOUT ROWID/);
    raw.close();

    engine = new Engine({ dataDir, git: { pollIntervalMs: 3_600_000 } });
    try {
      expect(engine.db.get<{ user_version: number }>('PRAGMA user_version')!.user_version).toBe(migrations.at(-1)!.version);
      expect(engine.db.all('PRAGMA foreign_key_check')).toEqual([]);
      const served = await engine.request({ method: 'GET', path: download, headers: headers() });
      expect(served.status).toBe(200);
      expect(Buffer.from(served.body as Uint8Array)).toEqual(bytes);
    } finally {
      engine.close();
    }
    expect(schemaOf(join(dataDir, 'folio.db')).find((entry) => entry.name === 'file_blobs')).toEqual(
      schemaOf(join(dir, 'fresh.db')).find((entry) => entry.name === 'file_blobs'),
    );
  });
});
