/**
 * Every engine ends with one fork base per change request doc (docs/sync.md, "Fork bases"):
 * `doc_forks.moved_from` is the state vector of the base an update moved from (NULL for a copy),
 * so that a peer tells a moved base, which comes before any copy, from another engine's copy.
 * A base that changes counts as a change of the doc for sync (the change counter, and on a
 * replica its outbox), as a write of its rows does (migration 017): a base moved or taken
 * without a row written still reaches peers on their next pull or push.
 */
export const sql = `
ALTER TABLE doc_forks ADD COLUMN moved_from BLOB;

CREATE TRIGGER doc_forks_base_count_change AFTER UPDATE OF base_update ON doc_forks
  WHEN new.base_update IS NOT old.base_update BEGIN
  UPDATE sync_counter SET value = value + 1;
  INSERT INTO doc_changes (doc_id, change) VALUES (new.doc_id, (SELECT value FROM sync_counter))
    ON CONFLICT (doc_id) DO UPDATE SET change = excluded.change;
  INSERT INTO sync_acked (doc_id, state_vector, pending) SELECT new.doc_id, x'00', 1 FROM sync_upstream WHERE true
    ON CONFLICT (doc_id) DO UPDATE SET pending = 1;
END;
`;
