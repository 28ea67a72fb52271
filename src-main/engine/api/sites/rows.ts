import type { Database } from '../../db/database.js';

export type SiteTable = 'sites' | 'site_spaces' | 'site_sections' | 'site_section_groups';

/** Sets `columns` on one row. Column names always come from our code, never from input. */
export function updateColumns(db: Database, table: SiteTable, id: string, columns: object): void {
  const names = Object.keys(columns);
  if (names.length === 0) return;
  const assignments = names.map((name) => `${name} = ?`).join(', ');
  db.run(`UPDATE ${table} SET ${assignments} WHERE id = ?`, ...Object.values(columns), id);
}
