/**
 * The metadata change log of sync (docs/sync.md, "Change log"). `change_log` holds every change
 * of a replicated row, made here or applied from a peer, in the order this engine learned of it
 * (`seq`, what peers' cursors count); `field_clocks` the newest stamp per field of each row (and
 * `*` for the row's existence: its last insert or delete), for last-writer-wins. `rejected_changes`
 * remembers the stamps of changes refused for the sender's role, so that a resent one is not
 * answered twice. Rows stored before the log began enter it as inserts. The triggers call SQL functions that every connection registers (capture.ts).
 *
 * Literal SQL, as every migration: the baseline inserts and capture triggers below were written
 * out from `REPLICATED_TABLES` as it stood when this migration was frozen. A later change of a
 * table's replicated columns is a new migration that recreates its triggers (023).
 */
export const sql = `
CREATE TABLE change_log (
  seq             INTEGER PRIMARY KEY AUTOINCREMENT,
  hlc             TEXT NOT NULL,     -- hybrid logical clock, encoded to sort (src-shared/sync/hlc.ts)
  tbl             TEXT NOT NULL,
  row_key         TEXT NOT NULL,     -- JSON array of the primary-key values
  op              TEXT NOT NULL CHECK (op IN ('insert', 'update', 'delete')),
  fields          TEXT,              -- JSON object of the columns set; NULL for a delete
  actor           TEXT,              -- the user who made it; NULL for the engine itself
  audience        TEXT,              -- set on a compensating change: the one user it answers
  organization_id TEXT,              -- scope: who may receive the change
  space_id        TEXT
);
CREATE INDEX change_log_by_stamp ON change_log(hlc, tbl, row_key);

CREATE TABLE field_clocks (
  tbl     TEXT NOT NULL,
  row_key TEXT NOT NULL,
  field   TEXT NOT NULL,             -- a column, or '*' for the row's existence
  hlc     TEXT NOT NULL,
  PRIMARY KEY (tbl, row_key, field)
) WITHOUT ROWID;

CREATE TABLE rejected_changes (
  hlc     TEXT NOT NULL,
  tbl     TEXT NOT NULL,
  row_key TEXT NOT NULL,
  PRIMARY KEY (hlc, tbl, row_key)
) WITHOUT ROWID;

CREATE TRIGGER change_log_moves_clocks AFTER INSERT ON change_log BEGIN
  INSERT INTO field_clocks (tbl, row_key, field, hlc)
    SELECT NEW.tbl, NEW.row_key, key, NEW.hlc FROM json_each(NEW.fields)
    UNION ALL
    SELECT NEW.tbl, NEW.row_key, '*', NEW.hlc WHERE NEW.op <> 'update'
  ON CONFLICT (tbl, row_key, field) DO UPDATE SET hlc = excluded.hlc WHERE excluded.hlc > field_clocks.hlc;
END;


INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('users', json_array(r.id)), 'users', json_array(r.id), 'insert', json_object('id', r.id, 'email', r.email, 'display_name', r.display_name, 'photo_url', r.photo_url, 'created_at', r.created_at), NULL, NULL, NULL, NULL
  FROM users AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('organizations', json_array(r.id)), 'organizations', json_array(r.id), 'insert', json_object('id', r.id, 'title', r.title, 'created_at', r.created_at, 'email_domains', r.email_domains, 'hostname', r.hostname, 'type', r.type, 'use_case', r.use_case, 'default_role', r.default_role, 'has_default_role', r.has_default_role, 'default_content', r.default_content, 'sso', r.sso, 'ai', r.ai, 'invite_links', r.invite_links, 'plan', r.plan, 'merge_rules', r.merge_rules, 'logo', r.logo, 'created_by', r.created_by, 'agent_instructions', r.agent_instructions, 'agent_updated_at', r.agent_updated_at, 'agent_updated_by', r.agent_updated_by), NULL, NULL, r.id, NULL
  FROM organizations AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('members', json_array(r.organization_id, r.user_id)), 'members', json_array(r.organization_id, r.user_id), 'insert', json_object('organization_id', r.organization_id, 'user_id', r.user_id, 'role', r.role, 'disabled', r.disabled, 'sso', r.sso, 'joined_at', r.joined_at, 'last_seen_at', r.last_seen_at), NULL, NULL, r.organization_id, NULL
  FROM members AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('invite_links', json_array(r.id)), 'invite_links', json_array(r.id), 'insert', json_object('id', r.id, 'organization_id', r.organization_id, 'role', r.role, 'created_at', r.created_at), NULL, NULL, r.organization_id, NULL
  FROM invite_links AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('teams', json_array(r.id)), 'teams', json_array(r.id), 'insert', json_object('id', r.id, 'organization_id', r.organization_id, 'title', r.title, 'created_at', r.created_at), NULL, NULL, r.organization_id, NULL
  FROM teams AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('team_members', json_array(r.team_id, r.user_id)), 'team_members', json_array(r.team_id, r.user_id), 'insert', json_object('team_id', r.team_id, 'user_id', r.user_id, 'role', r.role, 'added_at', r.added_at), NULL, NULL, (SELECT organization_id FROM teams WHERE id = r.team_id), NULL
  FROM team_members AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('saml_providers', json_array(r.id)), 'saml_providers', json_array(r.id), 'insert', json_object('id', r.id, 'organization_id', r.organization_id, 'label', r.label, 'entity_id', r.entity_id, 'certificate', r.certificate, 'sso_url', r.sso_url, 'default_team_id', r.default_team_id, 'default_role', r.default_role, 'created_at', r.created_at), NULL, NULL, r.organization_id, NULL
  FROM saml_providers AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('collections', json_array(r.id)), 'collections', json_array(r.id), 'insert', json_object('id', r.id, 'organization_id', r.organization_id, 'parent_id', r.parent_id, 'title', r.title, 'description', r.description, 'default_level', r.default_level, 'position', r.position, 'created_at', r.created_at), NULL, NULL, r.organization_id, NULL
  FROM collections AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('spaces', json_array(r.id)), 'spaces', json_array(r.id), 'insert', json_object('id', r.id, 'organization_id', r.organization_id, 'parent_id', r.parent_id, 'title', r.title, 'emoji', r.emoji, 'icon', r.icon, 'visibility', r.visibility, 'edit_mode', r.edit_mode, 'merge_rules', r.merge_rules, 'language', r.language, 'default_level', r.default_level, 'position', r.position, 'revision', r.revision, 'created_at', r.created_at, 'updated_at', r.updated_at, 'deleted_at', r.deleted_at), NULL, NULL, r.organization_id, r.id
  FROM spaces AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('content_grants', json_array(r.content_id, r.principal_id)), 'content_grants', json_array(r.content_id, r.principal_id), 'insert', json_object('space_id', r.space_id, 'collection_id', r.collection_id, 'user_id', r.user_id, 'team_id', r.team_id, 'role', r.role, 'granted_at', r.granted_at), NULL, NULL, coalesce((SELECT organization_id FROM spaces WHERE id = r.space_id), (SELECT organization_id FROM collections WHERE id = r.collection_id)), r.space_id
  FROM content_grants AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('revisions', json_array(r.id)), 'revisions', json_array(r.id), 'insert', json_object('id', r.id, 'space_id', r.space_id, 'parents', r.parents, 'type', r.type, 'change_request_id', r.change_request_id, 'created_at', r.created_at), NULL, NULL, (SELECT organization_id FROM spaces WHERE id = r.space_id), r.space_id
  FROM revisions AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('revision_docs', json_array(r.revision_id, r.doc_id)), 'revision_docs', json_array(r.revision_id, r.doc_id), 'insert', json_object('revision_id', r.revision_id, 'doc_id', r.doc_id, 'state_vector', hex(r.state_vector)), NULL, NULL, (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM revisions WHERE id = r.revision_id)), (SELECT space_id FROM revisions WHERE id = r.revision_id)
  FROM revision_docs AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_requests', json_array(r.id)), 'change_requests', json_array(r.id), 'insert', json_object('id', r.id, 'space_id', r.space_id, 'number', r.number, 'status', r.status, 'subject', r.subject, 'description', r.description, 'created_by', r.created_by, 'created_at', r.created_at, 'updated_at', r.updated_at, 'revision', r.revision, 'revision_initial', r.revision_initial, 'revision_merged_ancestor', r.revision_merged_ancestor, 'revision_merged', r.revision_merged, 'merged_by', r.merged_by, 'merged_at', r.merged_at), NULL, NULL, (SELECT organization_id FROM spaces WHERE id = r.space_id), r.space_id
  FROM change_requests AS r;

INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_contributors', json_array(r.change_request_id, r.user_id)), 'change_request_contributors', json_array(r.change_request_id, r.user_id), 'insert', json_object('change_request_id', r.change_request_id, 'user_id', r.user_id), NULL, NULL, (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = r.change_request_id)), (SELECT space_id FROM change_requests WHERE id = r.change_request_id)
  FROM change_request_contributors AS r;

CREATE TRIGGER sync_capture_users_insert AFTER INSERT ON users BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('users', json_array(NEW.id)), 'users', json_array(NEW.id), 'insert', json_object('id', NEW.id, 'email', NEW.email, 'display_name', NEW.display_name, 'photo_url', NEW.photo_url, 'created_at', NEW.created_at),
          sync_actor(), sync_audience(), NULL, NULL);
END;

CREATE TRIGGER sync_capture_users_update AFTER UPDATE ON users BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('users', changed.row_key), 'users', changed.row_key, sync_op('users', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NULL, NULL
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('users', json_array(NEW.id), json_object('id', OLD.id, 'email', OLD.email, 'display_name', OLD.display_name, 'photo_url', OLD.photo_url, 'created_at', OLD.created_at), json_object('id', NEW.id, 'email', NEW.email, 'display_name', NEW.display_name, 'photo_url', NEW.photo_url, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_users_delete AFTER DELETE ON users BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('users', json_array(OLD.id)), 'users', json_array(OLD.id), 'delete', NULL,
          sync_actor(), sync_audience(), NULL, NULL);
END;

CREATE TRIGGER sync_capture_organizations_insert AFTER INSERT ON organizations BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('organizations', json_array(NEW.id)), 'organizations', json_array(NEW.id), 'insert', json_object('id', NEW.id, 'title', NEW.title, 'created_at', NEW.created_at, 'email_domains', NEW.email_domains, 'hostname', NEW.hostname, 'type', NEW.type, 'use_case', NEW.use_case, 'default_role', NEW.default_role, 'has_default_role', NEW.has_default_role, 'default_content', NEW.default_content, 'sso', NEW.sso, 'ai', NEW.ai, 'invite_links', NEW.invite_links, 'plan', NEW.plan, 'merge_rules', NEW.merge_rules, 'logo', NEW.logo, 'created_by', NEW.created_by, 'agent_instructions', NEW.agent_instructions, 'agent_updated_at', NEW.agent_updated_at, 'agent_updated_by', NEW.agent_updated_by),
          sync_actor(), sync_audience(), NEW.id, NULL);
END;

CREATE TRIGGER sync_capture_organizations_update AFTER UPDATE ON organizations BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('organizations', changed.row_key), 'organizations', changed.row_key, sync_op('organizations', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.id, NULL
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('organizations', json_array(NEW.id), json_object('id', OLD.id, 'title', OLD.title, 'created_at', OLD.created_at, 'email_domains', OLD.email_domains, 'hostname', OLD.hostname, 'type', OLD.type, 'use_case', OLD.use_case, 'default_role', OLD.default_role, 'has_default_role', OLD.has_default_role, 'default_content', OLD.default_content, 'sso', OLD.sso, 'ai', OLD.ai, 'invite_links', OLD.invite_links, 'plan', OLD.plan, 'merge_rules', OLD.merge_rules, 'logo', OLD.logo, 'created_by', OLD.created_by, 'agent_instructions', OLD.agent_instructions, 'agent_updated_at', OLD.agent_updated_at, 'agent_updated_by', OLD.agent_updated_by), json_object('id', NEW.id, 'title', NEW.title, 'created_at', NEW.created_at, 'email_domains', NEW.email_domains, 'hostname', NEW.hostname, 'type', NEW.type, 'use_case', NEW.use_case, 'default_role', NEW.default_role, 'has_default_role', NEW.has_default_role, 'default_content', NEW.default_content, 'sso', NEW.sso, 'ai', NEW.ai, 'invite_links', NEW.invite_links, 'plan', NEW.plan, 'merge_rules', NEW.merge_rules, 'logo', NEW.logo, 'created_by', NEW.created_by, 'agent_instructions', NEW.agent_instructions, 'agent_updated_at', NEW.agent_updated_at, 'agent_updated_by', NEW.agent_updated_by)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_organizations_delete AFTER DELETE ON organizations BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('organizations', json_array(OLD.id)), 'organizations', json_array(OLD.id), 'delete', NULL,
          sync_actor(), sync_audience(), OLD.id, NULL);
END;

CREATE TRIGGER sync_capture_members_insert AFTER INSERT ON members BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('members', json_array(NEW.organization_id, NEW.user_id)), 'members', json_array(NEW.organization_id, NEW.user_id), 'insert', json_object('organization_id', NEW.organization_id, 'user_id', NEW.user_id, 'role', NEW.role, 'disabled', NEW.disabled, 'sso', NEW.sso, 'joined_at', NEW.joined_at, 'last_seen_at', NEW.last_seen_at),
          sync_actor(), sync_audience(), NEW.organization_id, NULL);
END;

CREATE TRIGGER sync_capture_members_update AFTER UPDATE ON members BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('members', changed.row_key), 'members', changed.row_key, sync_op('members', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.organization_id, NULL
  FROM (SELECT json_array(NEW.organization_id, NEW.user_id) AS row_key,
               sync_fields('members', json_array(NEW.organization_id, NEW.user_id), json_object('organization_id', OLD.organization_id, 'user_id', OLD.user_id, 'role', OLD.role, 'disabled', OLD.disabled, 'sso', OLD.sso, 'joined_at', OLD.joined_at, 'last_seen_at', OLD.last_seen_at), json_object('organization_id', NEW.organization_id, 'user_id', NEW.user_id, 'role', NEW.role, 'disabled', NEW.disabled, 'sso', NEW.sso, 'joined_at', NEW.joined_at, 'last_seen_at', NEW.last_seen_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_members_delete AFTER DELETE ON members BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('members', json_array(OLD.organization_id, OLD.user_id)), 'members', json_array(OLD.organization_id, OLD.user_id), 'delete', NULL,
          sync_actor(), sync_audience(), OLD.organization_id, NULL);
END;

CREATE TRIGGER sync_capture_invite_links_insert AFTER INSERT ON invite_links BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('invite_links', json_array(NEW.id)), 'invite_links', json_array(NEW.id), 'insert', json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'role', NEW.role, 'created_at', NEW.created_at),
          sync_actor(), sync_audience(), NEW.organization_id, NULL);
END;

CREATE TRIGGER sync_capture_invite_links_update AFTER UPDATE ON invite_links BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('invite_links', changed.row_key), 'invite_links', changed.row_key, sync_op('invite_links', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.organization_id, NULL
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('invite_links', json_array(NEW.id), json_object('id', OLD.id, 'organization_id', OLD.organization_id, 'role', OLD.role, 'created_at', OLD.created_at), json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'role', NEW.role, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_invite_links_delete AFTER DELETE ON invite_links BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('invite_links', json_array(OLD.id)), 'invite_links', json_array(OLD.id), 'delete', NULL,
          sync_actor(), sync_audience(), OLD.organization_id, NULL);
END;

CREATE TRIGGER sync_capture_teams_insert AFTER INSERT ON teams BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('teams', json_array(NEW.id)), 'teams', json_array(NEW.id), 'insert', json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'title', NEW.title, 'created_at', NEW.created_at),
          sync_actor(), sync_audience(), NEW.organization_id, NULL);
END;

CREATE TRIGGER sync_capture_teams_update AFTER UPDATE ON teams BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('teams', changed.row_key), 'teams', changed.row_key, sync_op('teams', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.organization_id, NULL
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('teams', json_array(NEW.id), json_object('id', OLD.id, 'organization_id', OLD.organization_id, 'title', OLD.title, 'created_at', OLD.created_at), json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'title', NEW.title, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_teams_delete AFTER DELETE ON teams BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('teams', json_array(OLD.id)), 'teams', json_array(OLD.id), 'delete', NULL,
          sync_actor(), sync_audience(), OLD.organization_id, NULL);
END;

CREATE TRIGGER sync_capture_team_members_insert AFTER INSERT ON team_members BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('team_members', json_array(NEW.team_id, NEW.user_id)), 'team_members', json_array(NEW.team_id, NEW.user_id), 'insert', json_object('team_id', NEW.team_id, 'user_id', NEW.user_id, 'role', NEW.role, 'added_at', NEW.added_at),
          sync_actor(), sync_audience(), (SELECT organization_id FROM teams WHERE id = NEW.team_id), NULL);
END;

CREATE TRIGGER sync_capture_team_members_update AFTER UPDATE ON team_members BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('team_members', changed.row_key), 'team_members', changed.row_key, sync_op('team_members', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM teams WHERE id = NEW.team_id), NULL
  FROM (SELECT json_array(NEW.team_id, NEW.user_id) AS row_key,
               sync_fields('team_members', json_array(NEW.team_id, NEW.user_id), json_object('team_id', OLD.team_id, 'user_id', OLD.user_id, 'role', OLD.role, 'added_at', OLD.added_at), json_object('team_id', NEW.team_id, 'user_id', NEW.user_id, 'role', NEW.role, 'added_at', NEW.added_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_team_members_delete AFTER DELETE ON team_members BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('team_members', json_array(OLD.team_id, OLD.user_id)), 'team_members', json_array(OLD.team_id, OLD.user_id), 'delete', NULL,
          sync_actor(), sync_audience(), (SELECT organization_id FROM teams WHERE id = OLD.team_id), NULL);
END;

CREATE TRIGGER sync_capture_saml_providers_insert AFTER INSERT ON saml_providers BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('saml_providers', json_array(NEW.id)), 'saml_providers', json_array(NEW.id), 'insert', json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'label', NEW.label, 'entity_id', NEW.entity_id, 'certificate', NEW.certificate, 'sso_url', NEW.sso_url, 'default_team_id', NEW.default_team_id, 'default_role', NEW.default_role, 'created_at', NEW.created_at),
          sync_actor(), sync_audience(), NEW.organization_id, NULL);
END;

CREATE TRIGGER sync_capture_saml_providers_update AFTER UPDATE ON saml_providers BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('saml_providers', changed.row_key), 'saml_providers', changed.row_key, sync_op('saml_providers', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.organization_id, NULL
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('saml_providers', json_array(NEW.id), json_object('id', OLD.id, 'organization_id', OLD.organization_id, 'label', OLD.label, 'entity_id', OLD.entity_id, 'certificate', OLD.certificate, 'sso_url', OLD.sso_url, 'default_team_id', OLD.default_team_id, 'default_role', OLD.default_role, 'created_at', OLD.created_at), json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'label', NEW.label, 'entity_id', NEW.entity_id, 'certificate', NEW.certificate, 'sso_url', NEW.sso_url, 'default_team_id', NEW.default_team_id, 'default_role', NEW.default_role, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_saml_providers_delete AFTER DELETE ON saml_providers BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('saml_providers', json_array(OLD.id)), 'saml_providers', json_array(OLD.id), 'delete', NULL,
          sync_actor(), sync_audience(), OLD.organization_id, NULL);
END;

CREATE TRIGGER sync_capture_collections_insert AFTER INSERT ON collections BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('collections', json_array(NEW.id)), 'collections', json_array(NEW.id), 'insert', json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'parent_id', NEW.parent_id, 'title', NEW.title, 'description', NEW.description, 'default_level', NEW.default_level, 'position', NEW.position, 'created_at', NEW.created_at),
          sync_actor(), sync_audience(), NEW.organization_id, NULL);
END;

CREATE TRIGGER sync_capture_collections_update AFTER UPDATE ON collections BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('collections', changed.row_key), 'collections', changed.row_key, sync_op('collections', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.organization_id, NULL
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('collections', json_array(NEW.id), json_object('id', OLD.id, 'organization_id', OLD.organization_id, 'parent_id', OLD.parent_id, 'title', OLD.title, 'description', OLD.description, 'default_level', OLD.default_level, 'position', OLD.position, 'created_at', OLD.created_at), json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'parent_id', NEW.parent_id, 'title', NEW.title, 'description', NEW.description, 'default_level', NEW.default_level, 'position', NEW.position, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_collections_delete AFTER DELETE ON collections BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('collections', json_array(OLD.id)), 'collections', json_array(OLD.id), 'delete', NULL,
          sync_actor(), sync_audience(), OLD.organization_id, NULL);
END;

CREATE TRIGGER sync_capture_spaces_insert AFTER INSERT ON spaces BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('spaces', json_array(NEW.id)), 'spaces', json_array(NEW.id), 'insert', json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'parent_id', NEW.parent_id, 'title', NEW.title, 'emoji', NEW.emoji, 'icon', NEW.icon, 'visibility', NEW.visibility, 'edit_mode', NEW.edit_mode, 'merge_rules', NEW.merge_rules, 'language', NEW.language, 'default_level', NEW.default_level, 'position', NEW.position, 'revision', NEW.revision, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at, 'deleted_at', NEW.deleted_at),
          sync_actor(), sync_audience(), NEW.organization_id, NEW.id);
END;

CREATE TRIGGER sync_capture_spaces_update AFTER UPDATE ON spaces BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('spaces', changed.row_key), 'spaces', changed.row_key, sync_op('spaces', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.organization_id, NEW.id
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('spaces', json_array(NEW.id), json_object('id', OLD.id, 'organization_id', OLD.organization_id, 'parent_id', OLD.parent_id, 'title', OLD.title, 'emoji', OLD.emoji, 'icon', OLD.icon, 'visibility', OLD.visibility, 'edit_mode', OLD.edit_mode, 'merge_rules', OLD.merge_rules, 'language', OLD.language, 'default_level', OLD.default_level, 'position', OLD.position, 'revision', OLD.revision, 'created_at', OLD.created_at, 'updated_at', OLD.updated_at, 'deleted_at', OLD.deleted_at), json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'parent_id', NEW.parent_id, 'title', NEW.title, 'emoji', NEW.emoji, 'icon', NEW.icon, 'visibility', NEW.visibility, 'edit_mode', NEW.edit_mode, 'merge_rules', NEW.merge_rules, 'language', NEW.language, 'default_level', NEW.default_level, 'position', NEW.position, 'revision', NEW.revision, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at, 'deleted_at', NEW.deleted_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_spaces_delete AFTER DELETE ON spaces BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('spaces', json_array(OLD.id)), 'spaces', json_array(OLD.id), 'delete', NULL,
          sync_actor(), sync_audience(), OLD.organization_id, OLD.id);
END;

CREATE TRIGGER sync_capture_content_grants_insert AFTER INSERT ON content_grants BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('content_grants', json_array(NEW.content_id, NEW.principal_id)), 'content_grants', json_array(NEW.content_id, NEW.principal_id), 'insert', json_object('space_id', NEW.space_id, 'collection_id', NEW.collection_id, 'user_id', NEW.user_id, 'team_id', NEW.team_id, 'role', NEW.role, 'granted_at', NEW.granted_at),
          sync_actor(), sync_audience(), coalesce((SELECT organization_id FROM spaces WHERE id = NEW.space_id), (SELECT organization_id FROM collections WHERE id = NEW.collection_id)), NEW.space_id);
END;

CREATE TRIGGER sync_capture_content_grants_update AFTER UPDATE ON content_grants BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('content_grants', changed.row_key), 'content_grants', changed.row_key, sync_op('content_grants', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), coalesce((SELECT organization_id FROM spaces WHERE id = NEW.space_id), (SELECT organization_id FROM collections WHERE id = NEW.collection_id)), NEW.space_id
  FROM (SELECT json_array(NEW.content_id, NEW.principal_id) AS row_key,
               sync_fields('content_grants', json_array(NEW.content_id, NEW.principal_id), json_object('space_id', OLD.space_id, 'collection_id', OLD.collection_id, 'user_id', OLD.user_id, 'team_id', OLD.team_id, 'role', OLD.role, 'granted_at', OLD.granted_at), json_object('space_id', NEW.space_id, 'collection_id', NEW.collection_id, 'user_id', NEW.user_id, 'team_id', NEW.team_id, 'role', NEW.role, 'granted_at', NEW.granted_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_content_grants_delete AFTER DELETE ON content_grants BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('content_grants', json_array(OLD.content_id, OLD.principal_id)), 'content_grants', json_array(OLD.content_id, OLD.principal_id), 'delete', NULL,
          sync_actor(), sync_audience(), coalesce((SELECT organization_id FROM spaces WHERE id = OLD.space_id), (SELECT organization_id FROM collections WHERE id = OLD.collection_id)), OLD.space_id);
END;

CREATE TRIGGER sync_capture_revisions_insert AFTER INSERT ON revisions BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('revisions', json_array(NEW.id)), 'revisions', json_array(NEW.id), 'insert', json_object('id', NEW.id, 'space_id', NEW.space_id, 'parents', NEW.parents, 'type', NEW.type, 'change_request_id', NEW.change_request_id, 'created_at', NEW.created_at),
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = NEW.space_id), NEW.space_id);
END;

CREATE TRIGGER sync_capture_revisions_update AFTER UPDATE ON revisions BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('revisions', changed.row_key), 'revisions', changed.row_key, sync_op('revisions', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = NEW.space_id), NEW.space_id
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('revisions', json_array(NEW.id), json_object('id', OLD.id, 'space_id', OLD.space_id, 'parents', OLD.parents, 'type', OLD.type, 'change_request_id', OLD.change_request_id, 'created_at', OLD.created_at), json_object('id', NEW.id, 'space_id', NEW.space_id, 'parents', NEW.parents, 'type', NEW.type, 'change_request_id', NEW.change_request_id, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_revisions_delete AFTER DELETE ON revisions BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('revisions', json_array(OLD.id)), 'revisions', json_array(OLD.id), 'delete', NULL,
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = OLD.space_id), OLD.space_id);
END;

CREATE TRIGGER sync_capture_revision_docs_insert AFTER INSERT ON revision_docs BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('revision_docs', json_array(NEW.revision_id, NEW.doc_id)), 'revision_docs', json_array(NEW.revision_id, NEW.doc_id), 'insert', json_object('revision_id', NEW.revision_id, 'doc_id', NEW.doc_id, 'state_vector', hex(NEW.state_vector)),
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM revisions WHERE id = NEW.revision_id)), (SELECT space_id FROM revisions WHERE id = NEW.revision_id));
END;

CREATE TRIGGER sync_capture_revision_docs_update AFTER UPDATE ON revision_docs BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('revision_docs', changed.row_key), 'revision_docs', changed.row_key, sync_op('revision_docs', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM revisions WHERE id = NEW.revision_id)), (SELECT space_id FROM revisions WHERE id = NEW.revision_id)
  FROM (SELECT json_array(NEW.revision_id, NEW.doc_id) AS row_key,
               sync_fields('revision_docs', json_array(NEW.revision_id, NEW.doc_id), json_object('revision_id', OLD.revision_id, 'doc_id', OLD.doc_id, 'state_vector', hex(OLD.state_vector)), json_object('revision_id', NEW.revision_id, 'doc_id', NEW.doc_id, 'state_vector', hex(NEW.state_vector))) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_revision_docs_delete AFTER DELETE ON revision_docs BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('revision_docs', json_array(OLD.revision_id, OLD.doc_id)), 'revision_docs', json_array(OLD.revision_id, OLD.doc_id), 'delete', NULL,
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM revisions WHERE id = OLD.revision_id)), (SELECT space_id FROM revisions WHERE id = OLD.revision_id));
END;

CREATE TRIGGER sync_capture_change_requests_insert AFTER INSERT ON change_requests BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_requests', json_array(NEW.id)), 'change_requests', json_array(NEW.id), 'insert', json_object('id', NEW.id, 'space_id', NEW.space_id, 'number', NEW.number, 'status', NEW.status, 'subject', NEW.subject, 'description', NEW.description, 'created_by', NEW.created_by, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at, 'revision', NEW.revision, 'revision_initial', NEW.revision_initial, 'revision_merged_ancestor', NEW.revision_merged_ancestor, 'revision_merged', NEW.revision_merged, 'merged_by', NEW.merged_by, 'merged_at', NEW.merged_at),
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = NEW.space_id), NEW.space_id);
END;

CREATE TRIGGER sync_capture_change_requests_update AFTER UPDATE ON change_requests BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_requests', changed.row_key), 'change_requests', changed.row_key, sync_op('change_requests', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = NEW.space_id), NEW.space_id
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('change_requests', json_array(NEW.id), json_object('id', OLD.id, 'space_id', OLD.space_id, 'number', OLD.number, 'status', OLD.status, 'subject', OLD.subject, 'description', OLD.description, 'created_by', OLD.created_by, 'created_at', OLD.created_at, 'updated_at', OLD.updated_at, 'revision', OLD.revision, 'revision_initial', OLD.revision_initial, 'revision_merged_ancestor', OLD.revision_merged_ancestor, 'revision_merged', OLD.revision_merged, 'merged_by', OLD.merged_by, 'merged_at', OLD.merged_at), json_object('id', NEW.id, 'space_id', NEW.space_id, 'number', NEW.number, 'status', NEW.status, 'subject', NEW.subject, 'description', NEW.description, 'created_by', NEW.created_by, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at, 'revision', NEW.revision, 'revision_initial', NEW.revision_initial, 'revision_merged_ancestor', NEW.revision_merged_ancestor, 'revision_merged', NEW.revision_merged, 'merged_by', NEW.merged_by, 'merged_at', NEW.merged_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_requests_delete AFTER DELETE ON change_requests BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_requests', json_array(OLD.id)), 'change_requests', json_array(OLD.id), 'delete', NULL,
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = OLD.space_id), OLD.space_id);
END;

CREATE TRIGGER sync_capture_change_request_contributors_insert AFTER INSERT ON change_request_contributors BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_contributors', json_array(NEW.change_request_id, NEW.user_id)), 'change_request_contributors', json_array(NEW.change_request_id, NEW.user_id), 'insert', json_object('change_request_id', NEW.change_request_id, 'user_id', NEW.user_id),
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id));
END;

CREATE TRIGGER sync_capture_change_request_contributors_update AFTER UPDATE ON change_request_contributors BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_contributors', changed.row_key), 'change_request_contributors', changed.row_key, sync_op('change_request_contributors', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)
  FROM (SELECT json_array(NEW.change_request_id, NEW.user_id) AS row_key,
               sync_fields('change_request_contributors', json_array(NEW.change_request_id, NEW.user_id), json_object('change_request_id', OLD.change_request_id, 'user_id', OLD.user_id), json_object('change_request_id', NEW.change_request_id, 'user_id', NEW.user_id)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_request_contributors_delete AFTER DELETE ON change_request_contributors BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  VALUES (sync_stamp('change_request_contributors', json_array(OLD.change_request_id, OLD.user_id)), 'change_request_contributors', json_array(OLD.change_request_id, OLD.user_id), 'delete', NULL,
          sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id)), (SELECT space_id FROM change_requests WHERE id = OLD.change_request_id));
END;
`;
