import BetterSqlite3 from 'better-sqlite3';
import { copyFileSync, rmSync } from 'node:fs';

/** The rows of `table` the database file holds by itself, whatever its WAL holds: a copy of the file alone, opened. */
export function rowsInFileAlone(file: string, table: string): number {
  const copy = `${file}.alone`;
  copyFileSync(file, copy);
  const alone = new BetterSqlite3(copy, { readonly: true });
  try {
    return alone.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  } finally {
    alone.close();
    rmSync(copy, { force: true });
  }
}
