import type { Change } from '../../../../../src-shared/sync/change.js';
import type { Database } from '../../../core/db/database.js';
import type { ChangeCapture } from './capture.js';
import { restamp } from './restamp.js';
import type { RowValues } from './rows.js';
import type { TableSpec } from './tables.js';

/**
 * Answers a change `sender` was not allowed to make with a newer one, addressed to them, that
 * puts back what this engine holds: a deleted row comes back whole, edited fields get their
 * stored values, and a row this engine does not have is deleted. The refused change is not
 * applied, and its stamp is remembered (`rejected_changes`) so that a resent copy is not answered again.
 */
export function compensate(db: Database, capture: ChangeCapture, spec: TableSpec, change: Change, row: RowValues | undefined, sender: string): void {
  const rowKey = JSON.stringify(change.key);
  db.run('INSERT OR IGNORE INTO rejected_changes (hlc, tbl, row_key) VALUES (?, ?, ?)', change.hlc, spec.name, rowKey);
  if (!row) {
    logTombstone(db, capture, spec.name, rowKey, sender);
    return;
  }
  const fields = change.op === 'delete' ? spec.columns : Object.keys(change.fields ?? {}).filter((f) => spec.columns.includes(f));
  restamp(db, capture, spec, change.key, fields, { op: change.op === 'delete' ? 'insert' : 'update', audience: sender });
}

/** A delete of a row this engine never had: no trigger fires, so the tombstone is logged here. */
function logTombstone(db: Database, capture: ChangeCapture, table: string, rowKey: string, audience: string): void {
  db.run(
    `INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience) VALUES (?, ?, ?, 'delete', NULL, NULL, ?)`,
    capture.stamp(),
    table,
    rowKey,
    audience,
  );
}
