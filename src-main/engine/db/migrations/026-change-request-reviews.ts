import { specAt, tableSpec } from '../../sync/changes/tables.js';
import { baselineChanges, captureTriggers } from '../../sync/changes/triggers.js';

const logged = ['change_request_reviews', 'change_request_requested_reviewers'].map((name) => specAt(tableSpec(name)!, 26));
const contributors = specAt(tableSpec('change_request_contributors')!, 26);

/**
 * Reviews of change requests and the reviewers asked for them (docs/content-design.md,
 * "Reviews"), replicated through the change log; a review's comment is a thread of the change
 * request's comments (`comments.review_id`, projected from the thread's target). Contributors
 * gain how many edits they made and when they last did, and the capture triggers of their table
 * are made again to carry the new columns.
 */
export const sql = `
CREATE TABLE change_request_reviews (
  id                TEXT PRIMARY KEY,
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  reviewer_id       TEXT NOT NULL REFERENCES users(id),
  status            TEXT NOT NULL CHECK (status IN ('approved', 'changes-requested')),
  revision          TEXT NOT NULL,   -- the change request's revision reviewed
  requested_by      TEXT REFERENCES users(id),
  comment_id        TEXT,            -- its thread in the change request's comments
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL
);
CREATE INDEX change_request_reviews_by_change_request ON change_request_reviews(change_request_id, created_at, id);

CREATE TABLE change_request_requested_reviewers (
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  user_id           TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  requested_by      TEXT NOT NULL REFERENCES users(id),
  revision          TEXT NOT NULL,   -- the change request's revision when asked
  created_at        TEXT NOT NULL,
  PRIMARY KEY (change_request_id, user_id)
) WITHOUT ROWID;
CREATE INDEX change_request_requested_reviewers_by_user ON change_request_requested_reviewers(user_id);

ALTER TABLE change_request_contributors ADD COLUMN edits INTEGER NOT NULL DEFAULT 1;
ALTER TABLE change_request_contributors ADD COLUMN updated_at TEXT;
UPDATE change_request_contributors SET updated_at = (SELECT updated_at FROM change_requests WHERE id = change_request_id);
DROP TRIGGER sync_capture_change_request_contributors_insert;
DROP TRIGGER sync_capture_change_request_contributors_update;
DROP TRIGGER sync_capture_change_request_contributors_delete;
${captureTriggers(contributors)}

ALTER TABLE comments ADD COLUMN review_id TEXT;

${logged.map(captureTriggers).join('\n')}
${logged.map(baselineChanges).join('\n')}
`;
