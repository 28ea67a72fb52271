/**
 * The Yjs document store (src-main/engine/core/docs): each doc is an append log of updates, compacted
 * into one row now and then. `docs` answers a doc's state vector and row count without reading
 * the log; `doc_forks` remembers where a change request's copy of a doc started.
 */
export const sql = `
CREATE TABLE docs (
  doc_id       TEXT PRIMARY KEY,
  seq          INTEGER NOT NULL,   -- the last seq handed out; never reused, even once rows are merged
  row_count    INTEGER NOT NULL,   -- rows in doc_updates, for the compaction threshold
  state_vector BLOB NOT NULL       -- Yjs state vector of the rows; never claims more than they hold
) WITHOUT ROWID;

-- Large rows (a compacted 10,000-block page is ~0.8 MB), so a rowid table with its own index.
CREATE TABLE doc_updates (
  doc_id   TEXT NOT NULL REFERENCES docs(doc_id),
  seq      INTEGER NOT NULL,
  "update" BLOB NOT NULL,          -- a Yjs update, format v1 (what y-protocols speaks)
  PRIMARY KEY (doc_id, seq)
);

CREATE TABLE doc_forks (
  doc_id            TEXT PRIMARY KEY REFERENCES docs(doc_id),
  source_doc_id     TEXT NOT NULL,
  base_snapshot     BLOB NOT NULL  -- Y.encodeSnapshot of the copy (state vector and delete set): merge takes changes since it
) WITHOUT ROWID;
`;
