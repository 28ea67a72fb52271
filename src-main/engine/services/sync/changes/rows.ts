import type { FieldValue } from '../../../../../src-shared/sync/change.js';
import type { Database } from '../../../core/db/database.js';
import type { TableSpec } from './tables.js';

/** A replicated row as changes carry it: column → value, BLOBs as hex text. */
export type RowValues = Record<string, FieldValue>;

function byKey(spec: TableSpec): string {
  return spec.key.map((column) => `${column} = ?`).join(' AND ');
}

/**
 * The text of a statement on `spec`'s table for these columns, made once: a catch-up writes
 * thousands of rows of a few shapes, and the same string object is also found in the
 * database's statement cache without hashing a new one.
 */
const texts = new WeakMap<TableSpec, Map<string, string>>();
export function statementText(spec: TableSpec, kind: string, columns: readonly string[], make: () => string): string {
  let ofTable = texts.get(spec);
  if (!ofTable) texts.set(spec, (ofTable = new Map()));
  const key = `${kind} ${columns.join(',')}`;
  let text = ofTable.get(key);
  if (text === undefined) ofTable.set(key, (text = make()));
  return text;
}

function isBlob(spec: TableSpec, column: string): boolean {
  return spec.blobs?.includes(column) ?? false;
}

function stored(spec: TableSpec, column: string, value: FieldValue): unknown {
  return isBlob(spec, column) && typeof value === 'string' ? Buffer.from(value, 'hex') : value;
}

export function readRow(db: Database, spec: TableSpec, key: readonly string[]): RowValues | undefined {
  const sql = statementText(spec, 'select', [], () => {
    const columns = spec.columns.map((column) => (isBlob(spec, column) ? `hex(${column}) AS ${column}` : column));
    return `SELECT ${columns.join(', ')} FROM ${spec.name} WHERE ${byKey(spec)}`;
  });
  return db.get<RowValues>(sql, ...key);
}

export function insertRow(db: Database, spec: TableSpec, values: RowValues): void {
  const columns = Object.keys(values);
  db.run(
    statementText(spec, 'insert', columns, () => `INSERT INTO ${spec.name} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`),
    ...columns.map((column) => stored(spec, column, values[column]!)),
  );
}

export function updateRow(db: Database, spec: TableSpec, key: readonly string[], values: RowValues): void {
  const columns = Object.keys(values);
  if (columns.length === 0) return;
  db.run(
    statementText(spec, 'update', columns, () => `UPDATE ${spec.name} SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE ${byKey(spec)}`),
    ...columns.map((column) => stored(spec, column, values[column]!)),
    ...key,
  );
}

export function deleteRow(db: Database, spec: TableSpec, key: readonly string[]): void {
  db.run(`DELETE FROM ${spec.name} WHERE ${byKey(spec)}`, ...key);
}

/** The newest stamp of a row's field, or of its existence (`*`). */
export function fieldClock(db: Database, table: string, rowKey: string, field: string): string | undefined {
  return db.get<{ hlc: string }>('SELECT hlc FROM field_clocks WHERE tbl = ? AND row_key = ? AND field = ?', table, rowKey, field)
    ?.hlc;
}

/** Every clock of a row, field → newest stamp (`*` for its existence), in one read. */
export function rowClocks(db: Database, table: string, rowKey: string): ReadonlyMap<string, string> {
  const rows = db.all<{ field: string; hlc: string }>('SELECT field, hlc FROM field_clocks WHERE tbl = ? AND row_key = ?', table, rowKey);
  return new Map(rows.map((row) => [row.field, row.hlc]));
}

/** Moves a clock forward to `hlc` (never back): a tombstone remembered for a row this replica never had. */
export function raiseClock(db: Database, table: string, rowKey: string, field: string, hlc: string): void {
  db.run(
    `INSERT INTO field_clocks (tbl, row_key, field, hlc) VALUES (?, ?, ?, ?)
     ON CONFLICT (tbl, row_key, field) DO UPDATE SET hlc = excluded.hlc WHERE excluded.hlc > field_clocks.hlc`,
    table,
    rowKey,
    field,
    hlc,
  );
}

/** Whether stamp `hlc` beats a field whose clock is `clock` (no clock: nothing to beat). */
export function newer(hlc: string, clock: string | undefined): boolean {
  return clock === undefined || hlc > clock;
}
