import type { KeysetQuery } from '../../core/pagination.js';
import type { Database } from '../../core/db/database.js';

export type SiteTable = 'sites' | 'site_spaces' | 'site_sections' | 'site_section_groups';

/** Sets `columns` on one row. Column names always come from our code, never from input. */
export function updateColumns(db: Database, table: SiteTable, id: string, columns: object): void {
  const names = Object.keys(columns);
  if (names.length === 0) return;
  const assignments = names.map((name) => `${name} = ?`).join(', ');
  db.run(`UPDATE ${table} SET ${assignments} WHERE id = ?`, ...Object.values(columns), id);
}

/**
 * A list of one site table's rows in the order they were added: SQLite's rowid grows with each
 * insert, where two creation times can be equal.
 */
export function inCreationOrder(table: SiteTable, where: string, params: unknown[]): KeysetQuery {
  return { select: '*, rowid AS seq', from: table, where, params, order: [{ expr: 'rowid', column: 'seq', desc: false }] };
}
