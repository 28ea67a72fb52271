/**
 * File bytes on the sync socket (docs/sync.md, "File bytes"): the bytes a page tree names
 * (`files`, by SHA-256) that this engine lacks, and the tree docs naming them, so that they are
 * asked for until they arrive, across restarts. Their file rows are projected once they do.
 * And the change log by row, for its compaction (docs/sync.md, "Compaction").
 */
export const sql = `
CREATE TABLE sync_missing_blobs (
  sha256 TEXT NOT NULL,
  doc_id TEXT NOT NULL,   -- a tree doc whose files name these bytes
  PRIMARY KEY (sha256, doc_id)
) WITHOUT ROWID;

CREATE INDEX change_log_by_row ON change_log(tbl, row_key, hlc);
`;
