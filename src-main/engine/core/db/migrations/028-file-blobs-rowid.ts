/**
 * `file_blobs` becomes a rowid table. As a WITHOUT ROWID table its rows were the keys of its
 * b-tree, and SQLite reads a key's whole payload, overflow pages and all, to compare it: looking
 * up one sha256 read megabytes of other files' bytes (about 1 ms a lookup with 600 files, and
 * growing with them), and every import and projection looks files up. Rebuilt the way SQLite
 * documents for changing a table's shape; `content_files` refers to it by name, which holds.
 */
export const sql = `
CREATE TABLE file_blobs_rowid (
  sha256 TEXT PRIMARY KEY,
  bytes  BLOB NOT NULL
);
INSERT INTO file_blobs_rowid (sha256, bytes) SELECT sha256, bytes FROM file_blobs;
DROP TABLE file_blobs;
ALTER TABLE file_blobs_rowid RENAME TO file_blobs;
`;

/** Dropping a table others refer to needs foreign keys off meanwhile; they are checked before commit. */
export const rebuildsTables = true;
