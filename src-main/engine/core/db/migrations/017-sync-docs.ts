/**
 * Doc replication (docs/sync.md). Triggers on `docs` keep, in the writer's transaction and for
 * every writer (API, y-websocket, sync, another connection), a global change counter with the
 * last change of each doc, and, on a replica, the docs its hub has not acknowledged yet.
 * Compaction rewrites rows but not `docs.seq`, so it counts as no change.
 */
export const sql = `
CREATE TABLE sync_counter (
  id    INTEGER PRIMARY KEY CHECK (id = 1),
  value INTEGER NOT NULL             -- only grows: a peer's cursor is a value of it
);
INSERT INTO sync_counter (id, value) VALUES (1, 0);

CREATE TABLE doc_changes (
  doc_id TEXT PRIMARY KEY,
  change INTEGER NOT NULL            -- sync_counter's value at the doc's last write
) WITHOUT ROWID;
CREATE INDEX doc_changes_by_change ON doc_changes (change);

-- The hub this engine replicates with; no row: it syncs with nobody (a hub, or a lone desktop).
CREATE TABLE sync_upstream (
  id           INTEGER PRIMARY KEY CHECK (id = 1),
  url          TEXT NOT NULL,
  token        TEXT NOT NULL,
  cursor       INTEGER NOT NULL DEFAULT 0,  -- the hub's sync_counter up to which every doc change was pulled
  last_sync_at TEXT
);

-- Per doc, the hub's state vector as the hub last acknowledged it; pending: we hold more.
CREATE TABLE sync_acked (
  doc_id       TEXT PRIMARY KEY,
  state_vector BLOB NOT NULL,
  pending      INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sync_acked_pending ON sync_acked (doc_id) WHERE pending = 1;

CREATE TRIGGER docs_inserted_count_change AFTER INSERT ON docs BEGIN
  UPDATE sync_counter SET value = value + 1;
  INSERT INTO doc_changes (doc_id, change) VALUES (new.doc_id, (SELECT value FROM sync_counter))
    ON CONFLICT (doc_id) DO UPDATE SET change = excluded.change;
  INSERT INTO sync_acked (doc_id, state_vector, pending) SELECT new.doc_id, x'00', 1 FROM sync_upstream WHERE true
    ON CONFLICT (doc_id) DO UPDATE SET pending = 1;
END;

CREATE TRIGGER docs_written_count_change AFTER UPDATE OF seq ON docs WHEN new.seq <> old.seq BEGIN
  UPDATE sync_counter SET value = value + 1;
  INSERT INTO doc_changes (doc_id, change) VALUES (new.doc_id, (SELECT value FROM sync_counter))
    ON CONFLICT (doc_id) DO UPDATE SET change = excluded.change;
  INSERT INTO sync_acked (doc_id, state_vector, pending) SELECT new.doc_id, x'00', 1 FROM sync_upstream WHERE true
    ON CONFLICT (doc_id) DO UPDATE SET pending = 1;
END;

CREATE TRIGGER docs_deleted_forget_change AFTER DELETE ON docs BEGIN
  DELETE FROM doc_changes WHERE doc_id = old.doc_id;
  DELETE FROM sync_acked WHERE doc_id = old.doc_id;
END;

-- Docs written before this migration count as changed once, in no particular order.
INSERT INTO doc_changes (doc_id, change) SELECT doc_id, 1 FROM docs;
UPDATE sync_counter SET value = 1 WHERE EXISTS (SELECT 1 FROM docs);
`;
