/**
 * The organization side of the API: people, organizations and the content containers.
 * Timestamps are ISO 8601 text so that they sort and read the same in SQL and JSON.
 */
export const sql = `
CREATE TABLE users (
  id           TEXT PRIMARY KEY,
  email        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  display_name TEXT NOT NULL,
  photo_url    TEXT,
  created_at   TEXT NOT NULL
);

CREATE TABLE tokens (
  hash       TEXT PRIMARY KEY,          -- sha256 of the token; the token itself is never stored
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);

CREATE TABLE organizations (
  id                  TEXT PRIMARY KEY,
  title               TEXT NOT NULL,
  created_at          TEXT NOT NULL,
  email_domains       TEXT NOT NULL DEFAULT '[]',     -- JSON array
  hostname            TEXT UNIQUE,
  type                TEXT NOT NULL DEFAULT 'business',
  use_case            TEXT,
  default_role        TEXT,                            -- a role, or NULL for guests
  has_default_role    INTEGER NOT NULL DEFAULT 0,      -- whether default_role was ever set
  default_content     TEXT,                            -- JSON or NULL
  sso                 INTEGER NOT NULL DEFAULT 0,
  ai                  INTEGER NOT NULL DEFAULT 0,
  invite_links        INTEGER NOT NULL DEFAULT 1,
  plan                TEXT NOT NULL DEFAULT 'free_2024',
  merge_rules         TEXT NOT NULL DEFAULT '{"type":"none"}',
  logo                TEXT,
  created_by          TEXT,
  agent_instructions  TEXT,                            -- JSON Document
  agent_updated_at    TEXT,
  agent_updated_by    TEXT
);

CREATE TABLE members (
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role            TEXT,                                -- NULL: guest
  disabled        INTEGER NOT NULL DEFAULT 0,
  sso             INTEGER NOT NULL DEFAULT 0,
  joined_at       TEXT NOT NULL,
  last_seen_at    TEXT,
  PRIMARY KEY (organization_id, user_id)
);
CREATE INDEX members_by_user ON members(user_id);
CREATE INDEX members_by_joined ON members(organization_id, joined_at, user_id);

CREATE TABLE invite_links (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  role            TEXT,
  created_at      TEXT NOT NULL
);
CREATE INDEX invite_links_by_org ON invite_links(organization_id, created_at, id);

CREATE TABLE teams (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  title           TEXT NOT NULL,
  created_at      TEXT NOT NULL
);
CREATE INDEX teams_by_org ON teams(organization_id, created_at, id);

CREATE TABLE team_members (
  team_id  TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id  TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role     TEXT NOT NULL DEFAULT 'member',            -- owner | member
  added_at TEXT NOT NULL,
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_by_user ON team_members(user_id);

CREATE TABLE saml_providers (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  label           TEXT NOT NULL,
  entity_id       TEXT NOT NULL DEFAULT '',
  certificate     TEXT NOT NULL DEFAULT '',
  sso_url         TEXT NOT NULL DEFAULT '',
  default_team_id TEXT REFERENCES teams(id) ON DELETE SET NULL,
  default_role    TEXT,
  created_at      TEXT NOT NULL
);
CREATE INDEX saml_by_org ON saml_providers(organization_id, created_at, id);

CREATE TABLE collections (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  parent_id       TEXT REFERENCES collections(id) ON DELETE CASCADE,
  title           TEXT NOT NULL DEFAULT '',
  description     TEXT,
  default_level   TEXT NOT NULL DEFAULT 'inherit',    -- a role, 'inherit', or 'none' (API null: no access by default)
  position        REAL NOT NULL DEFAULT 0,
  created_at      TEXT NOT NULL
);
CREATE INDEX collections_by_parent ON collections(organization_id, parent_id, position);

CREATE TABLE spaces (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  parent_id       TEXT REFERENCES collections(id) ON DELETE SET NULL,
  title           TEXT NOT NULL DEFAULT '',
  emoji           TEXT NOT NULL DEFAULT '',
  icon            TEXT,
  visibility      TEXT NOT NULL DEFAULT 'private',
  edit_mode       TEXT NOT NULL DEFAULT 'live',
  merge_rules     TEXT NOT NULL DEFAULT '{"type":"inherit"}',
  language        TEXT,
  default_level   TEXT NOT NULL DEFAULT 'inherit',
  position        REAL NOT NULL DEFAULT 0,
  revision        TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  deleted_at      TEXT
);
CREATE INDEX spaces_by_org ON spaces(organization_id, created_at, id);
CREATE INDEX spaces_by_parent ON spaces(organization_id, parent_id, position);
`;
