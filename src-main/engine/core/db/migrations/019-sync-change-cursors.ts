/**
 * The change log on the sync socket (docs/sync.md, "Change log"): per hub, how far this replica
 * has pulled the hub's log and how far the hub has acknowledged ours. A row exists once the
 * replica has adopted that hub's user, so adoption happens once per hub.
 */
export const sql = `
CREATE TABLE sync_change_cursors (
  url    TEXT PRIMARY KEY,
  pulled TEXT NOT NULL DEFAULT '',   -- the hub's change_log cursor, everything before applied here
  pushed TEXT NOT NULL DEFAULT ''    -- our change_log cursor, everything before acknowledged by the hub
) WITHOUT ROWID;
`;
