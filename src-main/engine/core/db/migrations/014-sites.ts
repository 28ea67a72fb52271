/**
 * Sites publish spaces (docs/sites.md). A site's structure is either site spaces at its root, or
 * sections (each holding site spaces) that section groups may gather, groups nesting in groups.
 * Sections and groups with the same parent share one order (`position`, then id); site spaces
 * order within their section, or within the root. Exactly one row of each sibling set of site
 * spaces, and one section per site, carries `is_default` while the set is not empty.
 * `share_key` is the secret of share-link addresses; `visitor_auth_key` signs visitor JWTs.
 */
export const sql = `
CREATE TABLE sites (
  id                   TEXT PRIMARY KEY,
  organization_id      TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  type                 TEXT NOT NULL,
  title                TEXT NOT NULL,
  visibility           TEXT NOT NULL CHECK (visibility IN ('public', 'unlisted', 'share-link', 'visitor-auth')),
  published            INTEGER NOT NULL DEFAULT 0,
  hostname             TEXT,
  basename             TEXT,
  proxy                TEXT,              -- the proxy origin, e.g. example.com/docs
  agents_context       TEXT NOT NULL CHECK (agents_context IN ('excluded', 'included')),
  adaptive_content     INTEGER NOT NULL DEFAULT 0,
  adaptive_schema      TEXT,              -- JSON, as put
  adaptive_schema_at   TEXT,
  share_key            TEXT NOT NULL,
  visitor_auth_key     TEXT NOT NULL,
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL
);
CREATE INDEX sites_by_organization ON sites(organization_id, created_at, id);

CREATE TABLE site_section_groups (
  id         TEXT PRIMARY KEY,
  site_id    TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  parent_id  TEXT REFERENCES site_section_groups(id) ON DELETE CASCADE,
  title      TEXT NOT NULL,
  icon       TEXT,
  position   INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX site_section_groups_by_site ON site_section_groups(site_id, parent_id, position);

CREATE TABLE site_sections (
  id          TEXT PRIMARY KEY,
  site_id     TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  group_id    TEXT REFERENCES site_section_groups(id) ON DELETE SET NULL,
  title       TEXT NOT NULL,
  description TEXT,
  path        TEXT NOT NULL,
  icon        TEXT,
  condition   TEXT,
  is_default  INTEGER NOT NULL DEFAULT 0,
  position    INTEGER NOT NULL,
  created_at  TEXT NOT NULL
);
CREATE INDEX site_sections_by_site ON site_sections(site_id, group_id, position);

CREATE TABLE site_spaces (
  id         TEXT PRIMARY KEY,
  site_id    TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  section_id TEXT REFERENCES site_sections(id) ON DELETE CASCADE,
  space_id   TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  path       TEXT NOT NULL,
  condition  TEXT,
  hidden     INTEGER NOT NULL DEFAULT 0,
  is_default INTEGER NOT NULL DEFAULT 0,
  position   INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX site_spaces_by_site ON site_spaces(site_id, section_id, position);
CREATE INDEX site_spaces_by_space ON site_spaces(space_id);

-- When a default goes, by whatever path (an API delete, or a cascade from a purged space), the
-- first remaining row of its set takes the flag.
CREATE TRIGGER site_spaces_keep_default AFTER DELETE ON site_spaces WHEN old.is_default = 1
BEGIN
  UPDATE site_spaces SET is_default = 1 WHERE id = (
    SELECT id FROM site_spaces WHERE site_id = old.site_id AND section_id IS old.section_id ORDER BY position, id LIMIT 1
  );
END;
CREATE TRIGGER site_sections_keep_default AFTER DELETE ON site_sections WHEN old.is_default = 1
BEGIN
  UPDATE site_sections SET is_default = 1 WHERE id = (
    SELECT id FROM site_sections WHERE site_id = old.site_id ORDER BY position, id LIMIT 1
  );
END;
`;
