/**
 * The update triggers of the change log's tables again, each standing aside for the one row whose
 * update the sync applier logs itself (`sync_captures`, changes/capture.ts): a peer's update
 * written to a row is logged by the applier in one statement (`appliedUpdateEntry`,
 * changes/triggers.ts) rather than by the trigger, which made most of a catch-up's cost
 * (docs/sync.md, "Performance"). Every other update is logged by the trigger as before. Literal
 * SQL, as `REPLICATED_TABLES` has the triggers now (test/engine/core/db/migrations.test.ts).
 */
export const sql = `
DROP TRIGGER IF EXISTS sync_capture_users_update;
DROP TRIGGER IF EXISTS sync_capture_organizations_update;
DROP TRIGGER IF EXISTS sync_capture_members_update;
DROP TRIGGER IF EXISTS sync_capture_invite_links_update;
DROP TRIGGER IF EXISTS sync_capture_teams_update;
DROP TRIGGER IF EXISTS sync_capture_team_members_update;
DROP TRIGGER IF EXISTS sync_capture_saml_providers_update;
DROP TRIGGER IF EXISTS sync_capture_collections_update;
DROP TRIGGER IF EXISTS sync_capture_spaces_update;
DROP TRIGGER IF EXISTS sync_capture_content_grants_update;
DROP TRIGGER IF EXISTS sync_capture_revisions_update;
DROP TRIGGER IF EXISTS sync_capture_revision_docs_update;
DROP TRIGGER IF EXISTS sync_capture_change_requests_update;
DROP TRIGGER IF EXISTS sync_capture_change_request_contributors_update;
DROP TRIGGER IF EXISTS sync_capture_space_git_links_update;
DROP TRIGGER IF EXISTS sync_capture_change_request_conflicts_update;
DROP TRIGGER IF EXISTS sync_capture_change_request_reviews_update;
DROP TRIGGER IF EXISTS sync_capture_change_request_requested_reviewers_update;
DROP TRIGGER IF EXISTS sync_capture_change_request_requested_teams_update;

CREATE TRIGGER sync_capture_users_update AFTER UPDATE ON users WHEN sync_captures('users', json_array(NEW.id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('users', changed.row_key), 'users', changed.row_key, sync_op('users', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NULL, NULL
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('users', json_array(NEW.id), json_object('id', OLD.id, 'email', OLD.email, 'display_name', OLD.display_name, 'photo_url', OLD.photo_url, 'created_at', OLD.created_at), json_object('id', NEW.id, 'email', NEW.email, 'display_name', NEW.display_name, 'photo_url', NEW.photo_url, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_organizations_update AFTER UPDATE ON organizations WHEN sync_captures('organizations', json_array(NEW.id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('organizations', changed.row_key), 'organizations', changed.row_key, sync_op('organizations', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.id, NULL
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('organizations', json_array(NEW.id), json_object('id', OLD.id, 'title', OLD.title, 'created_at', OLD.created_at, 'email_domains', OLD.email_domains, 'hostname', OLD.hostname, 'type', OLD.type, 'use_case', OLD.use_case, 'default_role', OLD.default_role, 'has_default_role', OLD.has_default_role, 'default_content', OLD.default_content, 'sso', OLD.sso, 'ai', OLD.ai, 'invite_links', OLD.invite_links, 'plan', OLD.plan, 'merge_rules', OLD.merge_rules, 'logo', OLD.logo, 'created_by', OLD.created_by, 'agent_instructions', OLD.agent_instructions, 'agent_updated_at', OLD.agent_updated_at, 'agent_updated_by', OLD.agent_updated_by), json_object('id', NEW.id, 'title', NEW.title, 'created_at', NEW.created_at, 'email_domains', NEW.email_domains, 'hostname', NEW.hostname, 'type', NEW.type, 'use_case', NEW.use_case, 'default_role', NEW.default_role, 'has_default_role', NEW.has_default_role, 'default_content', NEW.default_content, 'sso', NEW.sso, 'ai', NEW.ai, 'invite_links', NEW.invite_links, 'plan', NEW.plan, 'merge_rules', NEW.merge_rules, 'logo', NEW.logo, 'created_by', NEW.created_by, 'agent_instructions', NEW.agent_instructions, 'agent_updated_at', NEW.agent_updated_at, 'agent_updated_by', NEW.agent_updated_by)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_members_update AFTER UPDATE ON members WHEN sync_captures('members', json_array(NEW.organization_id, NEW.user_id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('members', changed.row_key), 'members', changed.row_key, sync_op('members', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.organization_id, NULL
  FROM (SELECT json_array(NEW.organization_id, NEW.user_id) AS row_key,
               sync_fields('members', json_array(NEW.organization_id, NEW.user_id), json_object('organization_id', OLD.organization_id, 'user_id', OLD.user_id, 'role', OLD.role, 'disabled', OLD.disabled, 'sso', OLD.sso, 'joined_at', OLD.joined_at, 'last_seen_at', OLD.last_seen_at), json_object('organization_id', NEW.organization_id, 'user_id', NEW.user_id, 'role', NEW.role, 'disabled', NEW.disabled, 'sso', NEW.sso, 'joined_at', NEW.joined_at, 'last_seen_at', NEW.last_seen_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_invite_links_update AFTER UPDATE ON invite_links WHEN sync_captures('invite_links', json_array(NEW.id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('invite_links', changed.row_key), 'invite_links', changed.row_key, sync_op('invite_links', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.organization_id, NULL
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('invite_links', json_array(NEW.id), json_object('id', OLD.id, 'organization_id', OLD.organization_id, 'role', OLD.role, 'created_at', OLD.created_at), json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'role', NEW.role, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_teams_update AFTER UPDATE ON teams WHEN sync_captures('teams', json_array(NEW.id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('teams', changed.row_key), 'teams', changed.row_key, sync_op('teams', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.organization_id, NULL
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('teams', json_array(NEW.id), json_object('id', OLD.id, 'organization_id', OLD.organization_id, 'title', OLD.title, 'created_at', OLD.created_at), json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'title', NEW.title, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_team_members_update AFTER UPDATE ON team_members WHEN sync_captures('team_members', json_array(NEW.team_id, NEW.user_id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('team_members', changed.row_key), 'team_members', changed.row_key, sync_op('team_members', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM teams WHERE id = NEW.team_id), NULL
  FROM (SELECT json_array(NEW.team_id, NEW.user_id) AS row_key,
               sync_fields('team_members', json_array(NEW.team_id, NEW.user_id), json_object('team_id', OLD.team_id, 'user_id', OLD.user_id, 'role', OLD.role, 'added_at', OLD.added_at), json_object('team_id', NEW.team_id, 'user_id', NEW.user_id, 'role', NEW.role, 'added_at', NEW.added_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_saml_providers_update AFTER UPDATE ON saml_providers WHEN sync_captures('saml_providers', json_array(NEW.id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('saml_providers', changed.row_key), 'saml_providers', changed.row_key, sync_op('saml_providers', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.organization_id, NULL
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('saml_providers', json_array(NEW.id), json_object('id', OLD.id, 'organization_id', OLD.organization_id, 'label', OLD.label, 'entity_id', OLD.entity_id, 'certificate', OLD.certificate, 'sso_url', OLD.sso_url, 'default_team_id', OLD.default_team_id, 'default_role', OLD.default_role, 'created_at', OLD.created_at), json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'label', NEW.label, 'entity_id', NEW.entity_id, 'certificate', NEW.certificate, 'sso_url', NEW.sso_url, 'default_team_id', NEW.default_team_id, 'default_role', NEW.default_role, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_collections_update AFTER UPDATE ON collections WHEN sync_captures('collections', json_array(NEW.id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('collections', changed.row_key), 'collections', changed.row_key, sync_op('collections', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.organization_id, NULL
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('collections', json_array(NEW.id), json_object('id', OLD.id, 'organization_id', OLD.organization_id, 'parent_id', OLD.parent_id, 'title', OLD.title, 'description', OLD.description, 'default_level', OLD.default_level, 'position', OLD.position, 'created_at', OLD.created_at), json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'parent_id', NEW.parent_id, 'title', NEW.title, 'description', NEW.description, 'default_level', NEW.default_level, 'position', NEW.position, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_spaces_update AFTER UPDATE ON spaces WHEN sync_captures('spaces', json_array(NEW.id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('spaces', changed.row_key), 'spaces', changed.row_key, sync_op('spaces', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), NEW.organization_id, NEW.id
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('spaces', json_array(NEW.id), json_object('id', OLD.id, 'organization_id', OLD.organization_id, 'parent_id', OLD.parent_id, 'title', OLD.title, 'emoji', OLD.emoji, 'icon', OLD.icon, 'visibility', OLD.visibility, 'edit_mode', OLD.edit_mode, 'merge_rules', OLD.merge_rules, 'language', OLD.language, 'default_level', OLD.default_level, 'position', OLD.position, 'revision', OLD.revision, 'created_at', OLD.created_at, 'updated_at', OLD.updated_at, 'deleted_at', OLD.deleted_at), json_object('id', NEW.id, 'organization_id', NEW.organization_id, 'parent_id', NEW.parent_id, 'title', NEW.title, 'emoji', NEW.emoji, 'icon', NEW.icon, 'visibility', NEW.visibility, 'edit_mode', NEW.edit_mode, 'merge_rules', NEW.merge_rules, 'language', NEW.language, 'default_level', NEW.default_level, 'position', NEW.position, 'revision', NEW.revision, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at, 'deleted_at', NEW.deleted_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_content_grants_update AFTER UPDATE ON content_grants WHEN sync_captures('content_grants', json_array(NEW.content_id, NEW.principal_id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('content_grants', changed.row_key), 'content_grants', changed.row_key, sync_op('content_grants', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), coalesce((SELECT organization_id FROM spaces WHERE id = NEW.space_id), (SELECT organization_id FROM collections WHERE id = NEW.collection_id)), NEW.space_id
  FROM (SELECT json_array(NEW.content_id, NEW.principal_id) AS row_key,
               sync_fields('content_grants', json_array(NEW.content_id, NEW.principal_id), json_object('space_id', OLD.space_id, 'collection_id', OLD.collection_id, 'user_id', OLD.user_id, 'team_id', OLD.team_id, 'role', OLD.role, 'granted_at', OLD.granted_at), json_object('space_id', NEW.space_id, 'collection_id', NEW.collection_id, 'user_id', NEW.user_id, 'team_id', NEW.team_id, 'role', NEW.role, 'granted_at', NEW.granted_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_revisions_update AFTER UPDATE ON revisions WHEN sync_captures('revisions', json_array(NEW.id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('revisions', changed.row_key), 'revisions', changed.row_key, sync_op('revisions', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = NEW.space_id), NEW.space_id
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('revisions', json_array(NEW.id), json_object('id', OLD.id, 'space_id', OLD.space_id, 'parents', OLD.parents, 'type', OLD.type, 'change_request_id', OLD.change_request_id, 'created_at', OLD.created_at), json_object('id', NEW.id, 'space_id', NEW.space_id, 'parents', NEW.parents, 'type', NEW.type, 'change_request_id', NEW.change_request_id, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_revision_docs_update AFTER UPDATE ON revision_docs WHEN sync_captures('revision_docs', json_array(NEW.revision_id, NEW.doc_id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('revision_docs', changed.row_key), 'revision_docs', changed.row_key, sync_op('revision_docs', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM revisions WHERE id = NEW.revision_id)), (SELECT space_id FROM revisions WHERE id = NEW.revision_id)
  FROM (SELECT json_array(NEW.revision_id, NEW.doc_id) AS row_key,
               sync_fields('revision_docs', json_array(NEW.revision_id, NEW.doc_id), json_object('revision_id', OLD.revision_id, 'doc_id', OLD.doc_id, 'state_vector', hex(OLD.state_vector)), json_object('revision_id', NEW.revision_id, 'doc_id', NEW.doc_id, 'state_vector', hex(NEW.state_vector))) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_requests_update AFTER UPDATE ON change_requests WHEN sync_captures('change_requests', json_array(NEW.id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_requests', changed.row_key), 'change_requests', changed.row_key, sync_op('change_requests', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = NEW.space_id), NEW.space_id
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('change_requests', json_array(NEW.id), json_object('id', OLD.id, 'space_id', OLD.space_id, 'number', OLD.number, 'status', OLD.status, 'subject', OLD.subject, 'description', OLD.description, 'created_by', OLD.created_by, 'created_at', OLD.created_at, 'updated_at', OLD.updated_at, 'revision', OLD.revision, 'revision_initial', OLD.revision_initial, 'revision_merged_ancestor', OLD.revision_merged_ancestor, 'revision_merged', OLD.revision_merged, 'merged_by', OLD.merged_by, 'merged_at', OLD.merged_at), json_object('id', NEW.id, 'space_id', NEW.space_id, 'number', NEW.number, 'status', NEW.status, 'subject', NEW.subject, 'description', NEW.description, 'created_by', NEW.created_by, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at, 'revision', NEW.revision, 'revision_initial', NEW.revision_initial, 'revision_merged_ancestor', NEW.revision_merged_ancestor, 'revision_merged', NEW.revision_merged, 'merged_by', NEW.merged_by, 'merged_at', NEW.merged_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_request_contributors_update AFTER UPDATE ON change_request_contributors WHEN sync_captures('change_request_contributors', json_array(NEW.change_request_id, NEW.user_id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_contributors', changed.row_key), 'change_request_contributors', changed.row_key, sync_op('change_request_contributors', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)
  FROM (SELECT json_array(NEW.change_request_id, NEW.user_id) AS row_key,
               sync_fields('change_request_contributors', json_array(NEW.change_request_id, NEW.user_id), json_object('change_request_id', OLD.change_request_id, 'user_id', OLD.user_id, 'edits', OLD.edits, 'updated_at', OLD.updated_at), json_object('change_request_id', NEW.change_request_id, 'user_id', NEW.user_id, 'edits', NEW.edits, 'updated_at', NEW.updated_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_space_git_links_update AFTER UPDATE ON space_git_links WHEN sync_captures('space_git_links', json_array(NEW.space_id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('space_git_links', changed.row_key), 'space_git_links', changed.row_key, sync_op('space_git_links', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = NEW.space_id), NEW.space_id
  FROM (SELECT json_array(NEW.space_id) AS row_key,
               sync_fields('space_git_links', json_array(NEW.space_id), json_object('space_id', OLD.space_id, 'url', OLD.url, 'ref', OLD.ref, 'direction', OLD.direction, 'project_directory', OLD.project_directory, 'poll_seconds', OLD.poll_seconds, 'linked_by', OLD.linked_by, 'updated_at', OLD.updated_at), json_object('space_id', NEW.space_id, 'url', NEW.url, 'ref', NEW.ref, 'direction', NEW.direction, 'project_directory', NEW.project_directory, 'poll_seconds', NEW.poll_seconds, 'linked_by', NEW.linked_by, 'updated_at', NEW.updated_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_request_conflicts_update AFTER UPDATE ON change_request_conflicts WHEN sync_captures('change_request_conflicts', json_array(NEW.id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_conflicts', changed.row_key), 'change_request_conflicts', changed.row_key, sync_op('change_request_conflicts', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('change_request_conflicts', json_array(NEW.id), json_object('id', OLD.id, 'change_request_id', OLD.change_request_id, 'page_id', OLD.page_id, 'kind', OLD.kind, 'place', OLD.place, 'deleted_on', OLD.deleted_on, 'base', OLD.base, 'main', OLD.main, 'change_request', OLD.change_request, 'status', OLD.status, 'resolution', OLD.resolution, 'resolved_by', OLD.resolved_by, 'resolved_at', OLD.resolved_at, 'revision', OLD.revision, 'created_at', OLD.created_at, 'updated_at', OLD.updated_at, 'resolution_writes', OLD.resolution_writes), json_object('id', NEW.id, 'change_request_id', NEW.change_request_id, 'page_id', NEW.page_id, 'kind', NEW.kind, 'place', NEW.place, 'deleted_on', NEW.deleted_on, 'base', NEW.base, 'main', NEW.main, 'change_request', NEW.change_request, 'status', NEW.status, 'resolution', NEW.resolution, 'resolved_by', NEW.resolved_by, 'resolved_at', NEW.resolved_at, 'revision', NEW.revision, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at, 'resolution_writes', NEW.resolution_writes)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_request_reviews_update AFTER UPDATE ON change_request_reviews WHEN sync_captures('change_request_reviews', json_array(NEW.id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_reviews', changed.row_key), 'change_request_reviews', changed.row_key, sync_op('change_request_reviews', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)
  FROM (SELECT json_array(NEW.id) AS row_key,
               sync_fields('change_request_reviews', json_array(NEW.id), json_object('id', OLD.id, 'change_request_id', OLD.change_request_id, 'reviewer_id', OLD.reviewer_id, 'status', OLD.status, 'revision', OLD.revision, 'requested_by', OLD.requested_by, 'comment_id', OLD.comment_id, 'created_at', OLD.created_at, 'updated_at', OLD.updated_at), json_object('id', NEW.id, 'change_request_id', NEW.change_request_id, 'reviewer_id', NEW.reviewer_id, 'status', NEW.status, 'revision', NEW.revision, 'requested_by', NEW.requested_by, 'comment_id', NEW.comment_id, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_request_requested_reviewers_update AFTER UPDATE ON change_request_requested_reviewers WHEN sync_captures('change_request_requested_reviewers', json_array(NEW.change_request_id, NEW.user_id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_requested_reviewers', changed.row_key), 'change_request_requested_reviewers', changed.row_key, sync_op('change_request_requested_reviewers', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)
  FROM (SELECT json_array(NEW.change_request_id, NEW.user_id) AS row_key,
               sync_fields('change_request_requested_reviewers', json_array(NEW.change_request_id, NEW.user_id), json_object('change_request_id', OLD.change_request_id, 'user_id', OLD.user_id, 'requested_by', OLD.requested_by, 'revision', OLD.revision, 'created_at', OLD.created_at), json_object('change_request_id', NEW.change_request_id, 'user_id', NEW.user_id, 'requested_by', NEW.requested_by, 'revision', NEW.revision, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;

CREATE TRIGGER sync_capture_change_request_requested_teams_update AFTER UPDATE ON change_request_requested_teams WHEN sync_captures('change_request_requested_teams', json_array(NEW.change_request_id, NEW.team_id)) BEGIN
  INSERT INTO change_log (hlc, tbl, row_key, op, fields, actor, audience, organization_id, space_id)
  SELECT sync_stamp('change_request_requested_teams', changed.row_key), 'change_request_requested_teams', changed.row_key, sync_op('change_request_requested_teams', changed.row_key), changed.fields,
         sync_actor(), sync_audience(), (SELECT organization_id FROM spaces WHERE id = (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)), (SELECT space_id FROM change_requests WHERE id = NEW.change_request_id)
  FROM (SELECT json_array(NEW.change_request_id, NEW.team_id) AS row_key,
               sync_fields('change_request_requested_teams', json_array(NEW.change_request_id, NEW.team_id), json_object('change_request_id', OLD.change_request_id, 'team_id', OLD.team_id, 'requested_by', OLD.requested_by, 'revision', OLD.revision, 'created_at', OLD.created_at), json_object('change_request_id', NEW.change_request_id, 'team_id', NEW.team_id, 'requested_by', NEW.requested_by, 'revision', NEW.revision, 'created_at', NEW.created_at)) AS fields) AS changed
  WHERE changed.fields IS NOT NULL;
END;
`;
