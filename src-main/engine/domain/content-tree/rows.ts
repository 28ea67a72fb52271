import type { Database } from '../../core/db/database.js';
import type { OrderKey } from '../../core/pagination.js';

/** The tables of the content tree. Column names always come from our code, never from input. */
export type TreeTable = 'collections' | 'spaces';

export function insertRow(db: Database, table: TreeTable, columns: Record<string, unknown>): void {
  const names = Object.keys(columns);
  const slots = names.map(() => '?').join(', ');
  db.run(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${slots})`, ...Object.values(columns));
}

export function updateRow(db: Database, table: TreeTable, id: string, columns: Record<string, unknown>): void {
  const names = Object.keys(columns);
  if (names.length === 0) return;
  db.run(`UPDATE ${table} SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`, ...Object.values(columns), id);
}

/** Keyset order on plain columns, all ascending; the last must be unique. */
export function ascending(...columns: string[]): OrderKey[] {
  return columns.map((column) => ({ expr: column, column, desc: false }));
}
