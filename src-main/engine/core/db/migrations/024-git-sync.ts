/**
 * Git Sync (docs/git-sync.md): the repository a space stays in sync with, the token for it (kept
 * on this machine only), what the last sync left (the commit, the space's revision then, and the
 * layout state that keeps unchanged files byte for byte), and the operations run.
 */
export const sql = `
CREATE TABLE space_git_links (
  space_id          TEXT PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE,
  url               TEXT NOT NULL,              -- without credentials
  ref               TEXT NOT NULL,
  direction         TEXT NOT NULL CHECK (direction IN ('import', 'export', 'both')),
  project_directory TEXT NOT NULL DEFAULT '',
  poll_seconds      INTEGER NOT NULL DEFAULT 0,
  linked_by         TEXT,                       -- whose name imports by polling carry
  updated_at        TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE git_sync_secrets (
  space_id TEXT PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE,
  username TEXT,
  password TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE git_sync_states (
  space_id       TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  source         TEXT NOT NULL,   -- the repository's address and ref (or a folder's), one state each
  commit_oid     TEXT NOT NULL,
  revision       TEXT NOT NULL,   -- the space's revision right after the sync
  synced_at      TEXT NOT NULL,
  layout         TEXT NOT NULL,   -- JSON: paths, signatures and renderings of the files (layout/write-repository.ts)
  pending_export INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (space_id, source)
) WITHOUT ROWID;

CREATE TABLE git_sync_operations (
  id                TEXT PRIMARY KEY,
  space_id          TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  direction         TEXT NOT NULL CHECK (direction IN ('import', 'export')),
  state             TEXT NOT NULL CHECK (state IN ('running', 'success', 'failure')),
  stage             TEXT NOT NULL CHECK (stage IN ('repo_fetch', 'config_check', 'content_process', 'finalize')),
  dispatched_tasks  INTEGER NOT NULL DEFAULT 0,
  completed_tasks   INTEGER NOT NULL DEFAULT 0,
  started_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  completed_at      TEXT,
  error             TEXT,
  commit_oid        TEXT,
  change_request_id TEXT,
  created_by        TEXT
);
CREATE INDEX git_sync_operations_by_space ON git_sync_operations(space_id, started_at);

-- The link replicates like the space's other settings (docs/sync.md, "Change log").

CREATE TRIGGER sync_capture_space_git_links_insert AFTER INSERT ON space_git_links BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('space_git_links', json_array(NEW.space_id)), 'space_git_links', json_array(NEW.space_id), 'insert', json_object('space_id', NEW.space_id, 'url', NEW.url, 'ref', NEW.ref, 'direction', NEW.direction, 'project_directory', NEW.project_directory, 'poll_seconds', NEW.poll_seconds, 'linked_by', NEW.linked_by, 'updated_at', NEW.updated_at),
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = NEW.space_id), NEW.space_id);
END;

CREATE TRIGGER sync_capture_space_git_links_update AFTER UPDATE ON space_git_links BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('space_git_links', changed.row_key), 'space_git_links', changed.row_key, sync_op('space_git_links', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = NEW.space_id), NEW.space_id
  FROM (SELECT json_array(NEW.space_id) AS row_key,
               sync_fields('space_git_links', json_array(NEW.space_id), json_object('space_id', OLD.space_id, 'url', OLD.url, 'ref', OLD.ref, 'direction', OLD.direction, 'project_directory', OLD.project_directory, 'poll_seconds', OLD.poll_seconds, 'linked_by', OLD.linked_by, 'updated_at', OLD.updated_at), json_object('space_id', NEW.space_id, 'url', NEW.url, 'ref', NEW.ref, 'direction', NEW.direction, 'project_directory', NEW.project_directory, 'poll_seconds', NEW.poll_seconds, 'linked_by', NEW.linked_by, 'updated_at', NEW.updated_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_space_git_links_delete AFTER DELETE ON space_git_links BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('space_git_links', json_array(OLD.space_id)), 'space_git_links', json_array(OLD.space_id), 'delete', NULL,
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = OLD.space_id), OLD.space_id);
END;
`;
