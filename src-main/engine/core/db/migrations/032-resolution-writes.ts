/**
 * A resolved conflict names what its resolution wrote into the change request's docs
 * (`change_request_conflicts.resolution_writes`: JSON, each doc's id to the base64 snapshot of
 * the items and deletions the resolution made, engine/core/docs/written-state.ts; NULL when it wrote
 * nothing). The row travels on the change log and the writes on the docs channel, so an engine
 * may hold the resolved row before the writes: judged then, a merge would land the change
 * request's side of a place the writer settled for main's. It refuses the merge until every
 * write named here has arrived (docs/sync.md, "Conflicts in transit"). The capture triggers are
 * made again with the new column, as REPLICATED_TABLES has them.
 */
export const sql = `
ALTER TABLE change_request_conflicts ADD COLUMN resolution_writes TEXT;

DROP TRIGGER IF EXISTS sync_capture_change_request_conflicts_insert;
DROP TRIGGER IF EXISTS sync_capture_change_request_conflicts_update;
DROP TRIGGER IF EXISTS sync_capture_change_request_conflicts_delete;

CREATE TRIGGER sync_capture_change_request_conflicts_insert AFTER INSERT ON change_request_conflicts BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_conflicts', json_array(NEW.id)), 'change_request_conflicts', json_array(NEW.id), 'insert', json_object('id', NEW.id, 'change_request_id', NEW.change_request_id, 'page_id', NEW.page_id, 'kind', NEW.kind, 'place', NEW.place, 'deleted_on', NEW.deleted_on, 'base', NEW.base, 'main', NEW.main, 'change_request', NEW.change_request, 'status', NEW.status, 'resolution', NEW.resolution, 'resolved_by', NEW.resolved_by, 'resolved_at', NEW.resolved_at, 'revision', NEW.revision, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at, 'resolution_writes', NEW.resolution_writes),
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id));
END;

CREATE TRIGGER sync_capture_change_request_conflicts_update AFTER UPDATE ON change_request_conflicts BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_conflicts', changed.row_key), 'change_request_conflicts', changed.row_key, sync_op('change_request_conflicts', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('change_request_conflicts', json_array(NEW.id), json_object('id', OLD.id, 'change_request_id', OLD.change_request_id, 'page_id', OLD.page_id, 'kind', OLD.kind, 'place', OLD.place, 'deleted_on', OLD.deleted_on, 'base', OLD.base, 'main', OLD.main, 'change_request', OLD.change_request, 'status', OLD.status, 'resolution', OLD.resolution, 'resolved_by', OLD.resolved_by, 'resolved_at', OLD.resolved_at, 'revision', OLD.revision, 'created_at', OLD.created_at, 'updated_at', OLD.updated_at, 'resolution_writes', OLD.resolution_writes), json_object('id', NEW.id, 'change_request_id', NEW.change_request_id, 'page_id', NEW.page_id, 'kind', NEW.kind, 'place', NEW.place, 'deleted_on', NEW.deleted_on, 'base', NEW.base, 'main', NEW.main, 'change_request', NEW.change_request, 'status', NEW.status, 'resolution', NEW.resolution, 'resolved_by', NEW.resolved_by, 'resolved_at', NEW.resolved_at, 'revision', NEW.revision, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at, 'resolution_writes', NEW.resolution_writes)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_request_conflicts_delete AFTER DELETE ON change_request_conflicts BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_conflicts', json_array(OLD.id)), 'change_request_conflicts', json_array(OLD.id), 'delete', NULL,
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id)), (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id));
END;
`;
