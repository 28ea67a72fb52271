import { tableSpec } from '../../sync/changes/tables.js';
import { captureTriggers } from '../../sync/changes/triggers.js';

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
${captureTriggers(tableSpec('space_git_links')!)}
`;
