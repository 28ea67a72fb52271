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


CREATE TRIGGER sync_capture_change_request_conflicts_insert AFTER INSERT ON change_request_conflicts BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_conflicts', json_array(NEW.id)), 'change_request_conflicts', json_array(NEW.id), 'insert', json_object('id', NEW.id, 'change_request_id', NEW.change_request_id, 'page_id', NEW.page_id, 'kind', NEW.kind, 'place', NEW.place, 'deleted_on', NEW.deleted_on, 'base', NEW.base, 'main', NEW.main, 'change_request', NEW.change_request, 'status', NEW.status, 'resolution', NEW.resolution, 'resolved_by', NEW.resolved_by, 'resolved_at', NEW.resolved_at, 'revision', NEW.revision, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at),
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id));
END;

CREATE TRIGGER sync_capture_change_request_conflicts_update AFTER UPDATE ON change_request_conflicts BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_conflicts', changed.row_key), 'change_request_conflicts', changed.row_key, sync_op('change_request_conflicts', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('change_request_conflicts', json_array(NEW.id), json_object('id', OLD.id, 'change_request_id', OLD.change_request_id, 'page_id', OLD.page_id, 'kind', OLD.kind, 'place', OLD.place, 'deleted_on', OLD.deleted_on, 'base', OLD.base, 'main', OLD.main, 'change_request', OLD.change_request, 'status', OLD.status, 'resolution', OLD.resolution, 'resolved_by', OLD.resolved_by, 'resolved_at', OLD.resolved_at, 'revision', OLD.revision, 'created_at', OLD.created_at, 'updated_at', OLD.updated_at), json_object('id', NEW.id, 'change_request_id', NEW.change_request_id, 'page_id', NEW.page_id, 'kind', NEW.kind, 'place', NEW.place, 'deleted_on', NEW.deleted_on, 'base', NEW.base, 'main', NEW.main, 'change_request', NEW.change_request, 'status', NEW.status, 'resolution', NEW.resolution, 'resolved_by', NEW.resolved_by, 'resolved_at', NEW.resolved_at, 'revision', NEW.revision, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_request_conflicts_delete AFTER DELETE ON change_request_conflicts BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_conflicts', json_array(OLD.id)), 'change_request_conflicts', json_array(OLD.id), 'delete', NULL,
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id)), (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id));
END;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_conflicts', json_array(r.id)), 'change_request_conflicts', json_array(r.id), 'insert', json_object('id', r.id, 'change_request_id', r.change_request_id, 'page_id', r.page_id, 'kind', r.kind, 'place', r.place, 'deleted_on', r.deleted_on, 'base', r.base, 'main', r.main, 'change_request', r.change_request, 'status', r.status, 'resolution', r.resolution, 'resolved_by', r.resolved_by, 'resolved_at', r.resolved_at, 'revision', r.revision, 'created_at', r.created_at, 'updated_at', r.updated_at), NULL, NULL, (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = r.change_request_id)), (SELECT space_id FROM change_requests WHERE id = r.change_request_id)
  FROM change_request_conflicts AS r;
`;
