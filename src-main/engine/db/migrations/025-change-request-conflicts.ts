import { specAt, tableSpec } from '../../sync/changes/tables.js';
import { baselineChanges, captureTriggers } from '../../sync/changes/triggers.js';

const conflicts = specAt(tableSpec('change_request_conflicts')!, 25);

/**
 * The conflicts an update found in a change request, each with the three versions of its place
 * (base, main, the change request's) and how it was resolved (docs/content-design.md, "Conflicts").
 * Each side is a JSON `ConflictSide` (a body holding it, and a page field's value), NULL where that
 * side deleted it. They replicate through the change log like the change request they belong to.
 */
export const sql = `
CREATE TABLE change_request_conflicts (
  id                TEXT PRIMARY KEY,
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  page_id           TEXT NOT NULL,
  kind              TEXT NOT NULL CHECK (kind IN ('block', 'page-field', 'page-deleted')),
  place             TEXT NOT NULL,   -- the block id, the page field, or '' for the page itself
  deleted_on        TEXT CHECK (deleted_on IN ('main', 'change-request')),
  base              TEXT,
  main              TEXT,
  change_request    TEXT,
  status            TEXT NOT NULL CHECK (status IN ('open', 'resolved')),
  resolution        TEXT CHECK (resolution IN ('main', 'change-request', 'edit')),
  resolved_by       TEXT REFERENCES users(id),
  resolved_at       TEXT,
  revision          TEXT NOT NULL,   -- the update that found it
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL
);
CREATE INDEX change_request_conflicts_by_status ON change_request_conflicts(change_request_id, status, created_at);

${captureTriggers(conflicts)}
${baselineChanges(conflicts)}
`;
