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

CREATE TRIGGER sync_capture_change_request_contributors_insert AFTER INSERT ON change_request_contributors BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_contributors', json_array(NEW.change_request_id, NEW.user_id)), 'change_request_contributors', json_array(NEW.change_request_id, NEW.user_id), 'insert', json_object('change_request_id', NEW.change_request_id, 'user_id', NEW.user_id, 'edits', NEW.edits, 'updated_at', NEW.updated_at),
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id));
END;

CREATE TRIGGER sync_capture_change_request_contributors_update AFTER UPDATE ON change_request_contributors BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_contributors', changed.row_key), 'change_request_contributors', changed.row_key, sync_op('change_request_contributors', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)
  FROM (SELECT json_array(NEW.change_request_id, NEW.user_id) AS row_key,
               sync_fields('change_request_contributors', json_array(NEW.change_request_id, NEW.user_id), json_object('change_request_id', OLD.change_request_id, 'user_id', OLD.user_id, 'edits', OLD.edits, 'updated_at', OLD.updated_at), json_object('change_request_id', NEW.change_request_id, 'user_id', NEW.user_id, 'edits', NEW.edits, 'updated_at', NEW.updated_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_request_contributors_delete AFTER DELETE ON change_request_contributors BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_contributors', json_array(OLD.change_request_id, OLD.user_id)), 'change_request_contributors', json_array(OLD.change_request_id, OLD.user_id), 'delete', NULL,
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id)), (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id));
END;

ALTER TABLE comments ADD COLUMN review_id TEXT;


CREATE TRIGGER sync_capture_change_request_reviews_insert AFTER INSERT ON change_request_reviews BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_reviews', json_array(NEW.id)), 'change_request_reviews', json_array(NEW.id), 'insert', json_object('id', NEW.id, 'change_request_id', NEW.change_request_id, 'reviewer_id', NEW.reviewer_id, 'status', NEW.status, 'revision', NEW.revision, 'requested_by', NEW.requested_by, 'comment_id', NEW.comment_id, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at),
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id));
END;

CREATE TRIGGER sync_capture_change_request_reviews_update AFTER UPDATE ON change_request_reviews BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_reviews', changed.row_key), 'change_request_reviews', changed.row_key, sync_op('change_request_reviews', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('change_request_reviews', json_array(NEW.id), json_object('id', OLD.id, 'change_request_id', OLD.change_request_id, 'reviewer_id', OLD.reviewer_id, 'status', OLD.status, 'revision', OLD.revision, 'requested_by', OLD.requested_by, 'comment_id', OLD.comment_id, 'created_at', OLD.created_at, 'updated_at', OLD.updated_at), json_object('id', NEW.id, 'change_request_id', NEW.change_request_id, 'reviewer_id', NEW.reviewer_id, 'status', NEW.status, 'revision', NEW.revision, 'requested_by', NEW.requested_by, 'comment_id', NEW.comment_id, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_request_reviews_delete AFTER DELETE ON change_request_reviews BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_reviews', json_array(OLD.id)), 'change_request_reviews', json_array(OLD.id), 'delete', NULL,
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id)), (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id));
END;

CREATE TRIGGER sync_capture_change_request_requested_reviewers_insert AFTER INSERT ON change_request_requested_reviewers BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_requested_reviewers', json_array(NEW.change_request_id, NEW.user_id)), 'change_request_requested_reviewers', json_array(NEW.change_request_id, NEW.user_id), 'insert', json_object('change_request_id', NEW.change_request_id, 'user_id', NEW.user_id, 'requested_by', NEW.requested_by, 'revision', NEW.revision, 'created_at', NEW.created_at),
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id));
END;

CREATE TRIGGER sync_capture_change_request_requested_reviewers_update AFTER UPDATE ON change_request_requested_reviewers BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_requested_reviewers', changed.row_key), 'change_request_requested_reviewers', changed.row_key, sync_op('change_request_requested_reviewers', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)
  FROM (SELECT json_array(NEW.change_request_id, NEW.user_id) AS row_key,
               sync_fields('change_request_requested_reviewers', json_array(NEW.change_request_id, NEW.user_id), json_object('change_request_id', OLD.change_request_id, 'user_id', OLD.user_id, 'requested_by', OLD.requested_by, 'revision', OLD.revision, 'created_at', OLD.created_at), json_object('change_request_id', NEW.change_request_id, 'user_id', NEW.user_id, 'requested_by', NEW.requested_by, 'revision', NEW.revision, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_request_requested_reviewers_delete AFTER DELETE ON change_request_requested_reviewers BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_requested_reviewers', json_array(OLD.change_request_id, OLD.user_id)), 'change_request_requested_reviewers', json_array(OLD.change_request_id, OLD.user_id), 'delete', NULL,
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id)), (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id));
END;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_reviews', json_array(r.id)), 'change_request_reviews', json_array(r.id), 'insert', json_object('id', r.id, 'change_request_id', r.change_request_id, 'reviewer_id', r.reviewer_id, 'status', r.status, 'revision', r.revision, 'requested_by', r.requested_by, 'comment_id', r.comment_id, 'created_at', r.created_at, 'updated_at', r.updated_at), NULL, NULL, (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = r.change_request_id)), (SELECT space_id FROM change_requests WHERE id = r.change_request_id)
  FROM change_request_reviews AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_requested_reviewers', json_array(r.change_request_id, r.user_id)), 'change_request_requested_reviewers', json_array(r.change_request_id, r.user_id), 'insert', json_object('change_request_id', r.change_request_id, 'user_id', r.user_id, 'requested_by', r.requested_by, 'revision', r.revision, 'created_at', r.created_at), NULL, NULL, (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = r.change_request_id)), (SELECT space_id FROM change_requests WHERE id = r.change_request_id)
  FROM change_request_requested_reviewers AS r;
`;
