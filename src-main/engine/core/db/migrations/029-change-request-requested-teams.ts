/**
 * Teams asked to review a change request (docs/content-design.md, "Reviews"): 0.146.0's
 * ChangeRequestRequestedReviewer is a user or a team. Replicated through the change log as the
 * users asked are; a team's request is answered by a review of any of its members.
 */
export const sql = `
CREATE TABLE change_request_requested_teams (
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  team_id           TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  requested_by      TEXT NOT NULL REFERENCES users(id),
  revision          TEXT NOT NULL,   -- the change request's revision when asked
  created_at        TEXT NOT NULL,
  PRIMARY KEY (change_request_id, team_id)
) WITHOUT ROWID;
CREATE INDEX change_request_requested_teams_by_team ON change_request_requested_teams(team_id);

CREATE TRIGGER sync_capture_change_request_requested_teams_insert AFTER INSERT ON change_request_requested_teams BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_requested_teams', json_array(NEW.change_request_id, NEW.team_id)), 'change_request_requested_teams', json_array(NEW.change_request_id, NEW.team_id), 'insert', json_object('change_request_id', NEW.change_request_id, 'team_id', NEW.team_id, 'requested_by', NEW.requested_by, 'revision', NEW.revision, 'created_at', NEW.created_at),
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id));
END;

CREATE TRIGGER sync_capture_change_request_requested_teams_update AFTER UPDATE ON change_request_requested_teams BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_requested_teams', changed.row_key), 'change_request_requested_teams', changed.row_key, sync_op('change_request_requested_teams', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)
  FROM (SELECT json_array(NEW.change_request_id, NEW.team_id) AS row_key,
               sync_fields('change_request_requested_teams', json_array(NEW.change_request_id, NEW.team_id), json_object('change_request_id', OLD.change_request_id, 'team_id', OLD.team_id, 'requested_by', OLD.requested_by, 'revision', OLD.revision, 'created_at', OLD.created_at), json_object('change_request_id', NEW.change_request_id, 'team_id', NEW.team_id, 'requested_by', NEW.requested_by, 'revision', NEW.revision, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_request_requested_teams_delete AFTER DELETE ON change_request_requested_teams BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_requested_teams', json_array(OLD.change_request_id, OLD.team_id)), 'change_request_requested_teams', json_array(OLD.change_request_id, OLD.team_id), 'delete', NULL,
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id)), (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id));
END;
`;
