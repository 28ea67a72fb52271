import type { Database } from '../../../core/db/database.js';
import type { ChangeCapture } from './capture.js';
import { capturing } from './capture-scope.js';
import { readRow, updateRow } from './rows.js';
import type { TableSpec } from './tables.js';

/**
 * Logs the current values of a row's `fields` again under a fresh stamp, newer than anything
 * seen so far: a peer holding other values (the loser of a settled clash, the sender of a
 * refused change) adopts them. `audience` addresses the change to one user only.
 */
export function restamp(
  db: Database,
  capture: ChangeCapture,
  spec: TableSpec,
  key: readonly string[],
  fields: readonly string[],
  options: { op: 'insert' | 'update'; audience: string | null },
): void {
  // Most applied changes move no field: they read no row (a tenth of a replica's catch-up did).
  if (fields.length === 0) return;
  const row = readRow(db, spec, key);
  if (!row) return;
  const values = Object.fromEntries(fields.map((field) => [field, row[field] ?? null]));
  const forced = { table: spec.name, rowKey: JSON.stringify(key), fields: new Set(fields), op: options.op };
  capturing(capture, { audience: options.audience, forced }, () => updateRow(db, spec, key, values));
}
