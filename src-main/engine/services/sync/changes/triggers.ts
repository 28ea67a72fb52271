import { statementText } from './rows.js';
import { scopeOver, type TableSpec } from './tables.js';

/**
 * The capture triggers of one replicated table: every insert, update and delete is written to
 * `change_log` in the statement's own transaction. The stamp, the actor and the changed fields
 * come from SQL functions of the connection (capture.ts), which the pipeline points at the
 * request's actor and the sync applier pins to a remote change's stamp for the row it writes.
 */
export function captureTriggers(spec: TableSpec): string {
  return [insertTrigger(spec), updateTrigger(spec), deleteTrigger(spec)].join('\n');
}

/**
 * One insert change per row already stored when the log starts (a data dir older than the log),
 * so that a peer can receive everything. Tables come parents first; foreign keys are checked at
 * the end of an apply (deferred), so rows may arrive in any order within one batch.
 */
export function baselineChanges(spec: TableSpec): string {
  return `
INSERT INTO change_log (${COLUMNS})
  SELECT sync_stamp('${spec.name}', ${keyOf(spec, 'r')}), '${spec.name}', ${keyOf(spec, 'r')}, 'insert', ${valuesOf(spec, 'r')}, NULL, NULL, ${scopeOf(spec, 'r')}
  FROM ${spec.name} AS r;`;
}

function keyOf(spec: TableSpec, row: string): string {
  return `json_array(${spec.key.map((column) => `${row}.${column}`).join(', ')})`;
}

function valuesOf(spec: TableSpec, row: string): string {
  const blobs = new Set(spec.blobs ?? []);
  const pairs = spec.columns.map((column) => {
    const value = blobs.has(column) ? `hex(${row}.${column})` : `${row}.${column}`;
    return `'${column}', ${value}`;
  });
  return `json_object(${pairs.join(', ')})`;
}

function scopeOf(spec: TableSpec, row: string): string {
  return `${scopeOver(spec.organization, row)}, ${spec.space ? scopeOver(spec.space, row) : 'NULL'}`;
}

const COLUMNS = 'hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id';

/**
 * The log entry of a peer's update the applier wrote to one row (apply.ts), as the update trigger
 * would have made it with every field forced: `fields` as the row now holds them, under the
 * change's stamp, op and actor (parameters in that order, then the key). Written by the applier,
 * this costs a third of the trigger's work, which is most of a catch-up's.
 */
export function appliedUpdateEntry(spec: TableSpec, fields: readonly string[]): string {
  return statementText(spec, 'logged update', fields, () => {
    const written = new Set(fields);
    const only = { ...spec, columns: spec.columns.filter((column) => written.has(column)) };
    return `
INSERT INTO change_log (${COLUMNS})
  SELECT ?, '${spec.name}', ${keyOf(spec, 'r')}, ?, ${valuesOf(only, 'r')}, ?, NULL, ${scopeOf(spec, 'r')}
  FROM ${spec.name} AS r WHERE ${spec.key.map((column) => `r.${column} = ?`).join(' AND ')}`;
  });
}

function insertTrigger(spec: TableSpec): string {
  return `
CREATE TRIGGER sync_capture_${spec.name}_insert AFTER INSERT ON ${spec.name} BEGIN
  INSERT INTO change_log (${COLUMNS})
  VALUES (sync_stamp('${spec.name}', ${keyOf(spec, 'NEW')}), '${spec.name}', ${keyOf(spec, 'NEW')}, 'insert', ${valuesOf(spec, 'NEW')},
          sync_actor(), sync_audience(), ${scopeOf(spec, 'NEW')});
END;`;
}

/** An applied update of a peer's change logs itself (`appliedUpdateEntry`): the trigger stands aside for that row (`sync_captures`). */
function updateTrigger(spec: TableSpec): string {
  return `
CREATE TRIGGER sync_capture_${spec.name}_update AFTER UPDATE ON ${spec.name} WHEN sync_captures('${spec.name}', ${keyOf(spec, 'NEW')}) BEGIN
  INSERT INTO change_log (${COLUMNS})
  SELECT sync_stamp('${spec.name}', changed.row_key), '${spec.name}', changed.row_key, sync_op('${spec.name}', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), ${scopeOf(spec, 'NEW')}
  FROM (SELECT ${keyOf(spec, 'NEW')} AS row_key,
               sync_fields('${spec.name}', ${keyOf(spec, 'NEW')}, ${valuesOf(spec, 'OLD')}, ${valuesOf(spec, 'NEW')}) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;`;
}

function deleteTrigger(spec: TableSpec): string {
  return `
CREATE TRIGGER sync_capture_${spec.name}_delete AFTER DELETE ON ${spec.name} BEGIN
  INSERT INTO change_log (${COLUMNS})
  VALUES (sync_stamp('${spec.name}', ${keyOf(spec, 'OLD')}), '${spec.name}', ${keyOf(spec, 'OLD')}, 'delete', NULL,
          sync_actor(), sync_audience(), ${scopeOf(spec, 'OLD')});
END;`;
}
