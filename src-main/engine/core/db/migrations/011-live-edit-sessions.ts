/**
 * Live edits on main that no revision holds yet (docs/content-design.md, "Revisions"): one row per
 * space while an editing session is open, so that the edits are cut into a revision even when the
 * engine restarted in between.
 */
export const sql = `
CREATE TABLE live_edit_sessions (
  space_id     TEXT PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE,
  started_at   TEXT NOT NULL,
  last_edit_at TEXT NOT NULL
) WITHOUT ROWID;
`;
