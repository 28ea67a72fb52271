import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src-main/engine/app/open-database.js';

let template: string | undefined;

/**
 * A new database file at `file`, already migrated: a copy of one this process migrated once. Every
 * migration on a new file costs 100–200 ms of CPU (FTS tables, rebuilt tables, triggers), paid by
 * hundreds of test engines; a migrated new file holds nothing but its schema (no ids, no clock), so
 * a copy is the same database. Only for a file that does not exist yet: an existing one is the
 * test's own (a restart, an upgrade). test/engine/core/db/migrations.test.ts migrates new files itself.
 */
export function migratedDatabaseAt(file: string): void {
  if (existsSync(file)) return;
  copyFileSync(migratedTemplate(), file);
}

/** A new temp data dir whose `folio.db` is already migrated. */
export function migratedDataDir(prefix = 'folio-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  migratedDatabaseAt(join(dir, 'folio.db'));
  return dir;
}

function migratedTemplate(): string {
  if (template) return template;
  const dir = mkdtempSync(join(tmpdir(), 'folio-template-'));
  const file = join(dir, 'folio.db');
  // Closing the only connection checkpoints the WAL into the file and removes it: the file is whole.
  openDatabase(file).db.close();
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  template = file;
  return file;
}
