/**
 * Integrations, their installations and the events their scripts ran on (docs/integrations.md).
 * Arrays and objects of the published manifest are JSON text; `secrets` never leaves the engine.
 * An event's `status` is NULL until its run has finished; `seq` orders events newest first.
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
`;
