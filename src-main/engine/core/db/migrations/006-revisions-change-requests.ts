/**
 * Revisions and change requests (docs/content-design.md). A revision is immutable: its parents
 * (a DAG, as JSON) and, per doc of the content, the Yjs state vector at that point. Every space
 * already names a revision, so each gets that revision as a row, with an empty page tree as its
 * content: the doc store's empty update (0x0000) and empty state vector (0x00).
 * Number 005 is another branch's (space comments); they are renumbered if needed when they merge.
 */
export const sql = `
CREATE TABLE revisions (
  id                TEXT PRIMARY KEY,
  space_id          TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  parents           TEXT NOT NULL,   -- JSON array of revision ids
  type              TEXT NOT NULL CHECK (type IN ('edits', 'merge', 'update', 'rollback')),
  change_request_id TEXT,            -- the change request a merge or an update came from
  created_at        TEXT NOT NULL
);
CREATE INDEX revisions_by_space ON revisions(space_id, created_at);

CREATE TABLE revision_docs (
  revision_id  TEXT NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
  doc_id       TEXT NOT NULL,
  state_vector BLOB NOT NULL,
  PRIMARY KEY (revision_id, doc_id)
) WITHOUT ROWID;

CREATE TABLE change_requests (
  id                       TEXT PRIMARY KEY,
  space_id                 TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  number                   INTEGER NOT NULL,
  status                   TEXT NOT NULL CHECK (status IN ('draft', 'open', 'archived', 'merged')),
  subject                  TEXT NOT NULL,
  description              TEXT,            -- JSON document
  created_by               TEXT NOT NULL REFERENCES users(id),
  created_at               TEXT NOT NULL,
  updated_at               TEXT NOT NULL,
  revision                 TEXT NOT NULL,   -- the active revision of the change request
  revision_initial         TEXT NOT NULL,   -- the space's revision it was created from
  revision_merged_ancestor TEXT,            -- main's revision at the last update
  revision_merged          TEXT,            -- the revision its merge made
  UNIQUE (space_id, number)
);
CREATE INDEX change_requests_by_status ON change_requests(space_id, status, number);

-- Who created or edited a change request: the list's contributor filter reads it.
CREATE TABLE change_request_contributors (
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  user_id           TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (change_request_id, user_id)
) WITHOUT ROWID;
CREATE INDEX change_request_contributors_by_user ON change_request_contributors(user_id);

INSERT INTO docs (doc_id, seq, row_count, state_vector)
  SELECT 'space/' || id || '/main/tree', 1, 1, x'00' FROM spaces;
INSERT INTO doc_updates (doc_id, seq, "update")
  SELECT 'space/' || id || '/main/tree', 1, x'0000' FROM spaces;
INSERT INTO revisions (id, space_id, parents, type, created_at)
  SELECT revision, id, '[]', 'edits', created_at FROM spaces;
INSERT INTO revision_docs (revision_id, doc_id, state_vector)
  SELECT revision, 'space/' || id || '/main/tree', x'00' FROM spaces;
`;
