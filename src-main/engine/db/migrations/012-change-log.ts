import { REPLICATED_TABLES, specAt } from '../../sync/changes/tables.js';
import { baselineChanges, captureTriggers } from '../../sync/changes/triggers.js';

/**
 * The metadata change log of sync (docs/sync.md, "Change log"). `change_log` holds every change
 * of a replicated row, made here or applied from a peer, in the order this engine learned of it
 * (`seq`, what peers' cursors count); `field_clocks` the newest stamp per field of each row (and
 * `*` for the row's existence: its last insert or delete), for last-writer-wins. `rejected_changes`
 * remembers the stamps of changes refused for the sender's role, so that a resent one is not
 * answered twice. Rows stored before the log began enter it as inserts. The triggers call SQL functions that every connection registers (capture.ts).
 */
/** The tables of the log's first version; a table added later gets its triggers in the migration that makes it. */
const LOGGED_FROM_THE_START = REPLICATED_TABLES.filter((spec) => spec.since === undefined).map((spec) => specAt(spec, 12));

export const sql = `
CREATE TABLE change_log (
  seq             INTEGER PRIMARY KEY AUTOINCREMENT,
  hlc             TEXT NOT NULL,     -- hybrid logical clock, encoded to sort (src-shared/sync/hlc.ts)
  tbl             TEXT NOT NULL,
  row_key         TEXT NOT NULL,     -- JSON array of the primary-key values
  op              TEXT NOT NULL CHECK (op IN ('insert', 'update', 'delete')),
  fields          TEXT,              -- JSON object of the columns set; NULL for a delete
  actor           TEXT,              -- the user who made it; NULL for the engine itself
  audience        TEXT,              -- set on a compensating change: the one user it answers
  organization_id TEXT,              -- scope: who may receive the change
  space_id        TEXT
);
CREATE INDEX change_log_by_stamp ON change_log(hlc, tbl, row_key);

CREATE TABLE field_clocks (
  tbl     TEXT NOT NULL,
  row_key TEXT NOT NULL,
  field   TEXT NOT NULL,             -- a column, or '*' for the row's existence
  hlc     TEXT NOT NULL,
  PRIMARY KEY (tbl, row_key, field)
) WITHOUT ROWID;

CREATE TABLE rejected_changes (
  hlc     TEXT NOT NULL,
  tbl     TEXT NOT NULL,
  row_key TEXT NOT NULL,
  PRIMARY KEY (hlc, tbl, row_key)
) WITHOUT ROWID;

CREATE TRIGGER change_log_moves_clocks AFTER INSERT ON change_log BEGIN
  INSERT INTO field_clocks (tbl, row_key, field, hlc)
    SELECT NEW.tbl, NEW.row_key, key, NEW.hlc FROM json_each(NEW.fields)
    UNION ALL
    SELECT NEW.tbl, NEW.row_key, '*', NEW.hlc WHERE NEW.op <> 'update'
  ON CONFLICT (tbl, row_key, field) DO UPDATE SET hlc = excluded.hlc WHERE excluded.hlc > field_clocks.hlc;
END;

${LOGGED_FROM_THE_START.map(baselineChanges).join('\n')}
${LOGGED_FROM_THE_START.map(captureTriggers).join('\n')}
`;
