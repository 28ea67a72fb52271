/**
 * Lazy forks of a whole branch of docs (a change request's copy of a space's main content): one
 * row per fork instead of a copy of every doc. `doc_forks.base_update` keeps the state a copy
 * started from, so a merge can rebuild the base content for its three-way comparison.
 */
export const sql = `
CREATE TABLE branch_forks (
  target_prefix TEXT PRIMARY KEY,   -- e.g. space/{id}/cr/{changeRequestId}/
  source_prefix TEXT NOT NULL,      -- e.g. space/{id}/main/
  frozen        INTEGER NOT NULL DEFAULT 0  -- 1 once the target branch is closed for good: nothing more is copied into it
) WITHOUT ROWID;

CREATE INDEX branch_forks_by_source ON branch_forks (source_prefix);

ALTER TABLE doc_forks ADD COLUMN base_update BLOB;
`;
