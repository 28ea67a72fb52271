/**
 * Integrations, their installations and the events their scripts ran on (docs/integrations.md).
 * Arrays and objects of the published manifest are JSON text; `secrets` never leaves the engine.
 * An event's `status` is NULL until its run has finished; `seq` orders events newest first; its
 * `payload` is stored without `eventId`, which is its `id`.
 *
 * A space's content updated (its `revision` moves: a merge, a live edit, sync) records a
 * `space_content_updated` event for each active installation covering the space, whatever wrote
 * it; `integration_event_recorded` tells the runner (src-main/engine/services/integrations/recorded-events.ts).
 */
export const sql = `
CREATE TABLE integrations (
  id                      TEXT PRIMARY KEY,
  name                    TEXT NOT NULL UNIQUE,
  owner_id                TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  version                 INTEGER NOT NULL,
  runtime                 TEXT NOT NULL,
  title                   TEXT NOT NULL,
  description             TEXT NOT NULL,
  summary                 TEXT,
  icon                    TEXT,
  preview_images          TEXT NOT NULL,
  visibility              TEXT NOT NULL,
  target                  TEXT NOT NULL,
  scopes                  TEXT NOT NULL,
  categories              TEXT NOT NULL,
  blocks                  TEXT NOT NULL,
  content_sources         TEXT NOT NULL,
  configurations          TEXT,
  external_links          TEXT NOT NULL,
  content_security_policy TEXT,
  script                  TEXT NOT NULL,
  secrets                 TEXT NOT NULL,
  dev_tunnel_url          TEXT,
  dev_all                 INTEGER NOT NULL DEFAULT 0,
  created_at              TEXT NOT NULL,
  updated_at              TEXT NOT NULL
);
CREATE INDEX integrations_by_owner ON integrations (owner_id);

CREATE TABLE integration_installations (
  id              TEXT PRIMARY KEY,
  integration_id  TEXT NOT NULL REFERENCES integrations(id) ON DELETE CASCADE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  status          TEXT NOT NULL,
  configuration   TEXT NOT NULL DEFAULT '{}',
  external_ids    TEXT NOT NULL DEFAULT '[]',
  space_selection TEXT NOT NULL DEFAULT 'all',
  site_selection  TEXT NOT NULL DEFAULT 'all',
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  UNIQUE (integration_id, organization_id)
);

CREATE TABLE integration_events (
  id              TEXT PRIMARY KEY,
  integration_id  TEXT NOT NULL REFERENCES integrations(id) ON DELETE CASCADE,
  installation_id TEXT REFERENCES integration_installations(id) ON DELETE CASCADE,
  seq             INTEGER NOT NULL,
  payload         TEXT NOT NULL,
  status          TEXT,
  logs            TEXT NOT NULL DEFAULT '[]',
  created_at      TEXT NOT NULL,
  finished_at     TEXT
);
CREATE INDEX integration_events_by_seq ON integration_events (integration_id, seq);
CREATE INDEX integration_events_unfinished ON integration_events (seq) WHERE status IS NULL;

CREATE TRIGGER integration_space_content_updated AFTER UPDATE OF revision ON spaces
WHEN NEW.revision IS NOT OLD.revision AND NEW.deleted_at IS NULL
BEGIN
  INSERT INTO integration_events (id, integration_id, installation_id, seq, payload, created_at)
  SELECT lower(hex(randomblob(10))), i.integration_id, i.id,
         (SELECT COALESCE(MAX(seq), 0) FROM integration_events) + row_number() OVER (ORDER BY i.created_at, i.id),
         json_object('type', 'space_content_updated', 'installationId', i.id, 'spaceId', NEW.id, 'revisionId', NEW.revision),
         strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM integration_installations i JOIN integrations g ON g.id = i.integration_id
  WHERE i.organization_id = NEW.organization_id AND i.status = 'active' AND i.space_selection = 'all' AND g.target IN ('all', 'space');
  SELECT integration_event_recorded(id) FROM integration_events
  WHERE status IS NULL AND payload ->> 'spaceId' = NEW.id AND payload ->> 'revisionId' = NEW.revision;
END;
`;
