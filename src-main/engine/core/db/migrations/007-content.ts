/**
 * Projections of page trees and page bodies (docs/content-design.md): rows rewritten from the Yjs
 * docs inside the transaction that wrote them, so that lists and search never load a doc. `branch`
 * is 'main' or a change request's id; a change request has rows of its own once it first writes
 * (until then its reads fall through to main's). Files' bytes live once per content (`file_blobs`).
 */
export const sql = `
CREATE TABLE content_pages (
  space_id    TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  branch      TEXT NOT NULL,
  page_id     TEXT NOT NULL,
  parent_id   TEXT,
  position    TEXT NOT NULL,
  type        TEXT NOT NULL CHECK (type IN ('document', 'group', 'link')),
  title       TEXT NOT NULL,
  slug        TEXT NOT NULL,
  path        TEXT NOT NULL,   -- slugs from the root, joined by '/'
  emoji       TEXT,
  description TEXT,
  hidden      INTEGER NOT NULL DEFAULT 0,
  target      TEXT,            -- JSON: a link page's target
  layout      TEXT,            -- JSON
  body_hash   TEXT,            -- SHA-256 of the body's block index; null while the page has no body doc
  created_at  TEXT,
  updated_at  TEXT,
  PRIMARY KEY (space_id, branch, page_id)
) WITHOUT ROWID;
CREATE INDEX content_pages_children ON content_pages(space_id, branch, parent_id, position, page_id);
CREATE INDEX content_pages_by_path ON content_pages(space_id, branch, path);
-- Lists read a branch's pages in sibling order without sorting them.
CREATE INDEX content_pages_in_order ON content_pages(space_id, branch, position, page_id);

-- Branches whose rows are their own; a change request without one reads main's rows.
CREATE TABLE content_branches (
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  branch   TEXT NOT NULL,
  PRIMARY KEY (space_id, branch)
) WITHOUT ROWID;

CREATE TABLE content_sections (
  id        INTEGER PRIMARY KEY,
  space_id  TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  branch    TEXT NOT NULL,
  page_id   TEXT NOT NULL,
  ord       INTEGER NOT NULL,
  anchor    TEXT,              -- the heading's block id; null before the first heading
  heading   TEXT NOT NULL,
  body      TEXT NOT NULL
);
CREATE INDEX content_sections_by_page ON content_sections(space_id, branch, page_id, ord);

CREATE VIRTUAL TABLE content_search USING fts5(heading, body, content='content_sections', content_rowid='id');
CREATE TRIGGER content_sections_ai AFTER INSERT ON content_sections BEGIN
  INSERT INTO content_search(rowid, heading, body) VALUES (new.id, new.heading, new.body);
END;
CREATE TRIGGER content_sections_ad AFTER DELETE ON content_sections BEGIN
  INSERT INTO content_search(content_search, rowid, heading, body) VALUES ('delete', old.id, old.heading, old.body);
END;

CREATE TABLE content_links (
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  branch   TEXT NOT NULL,
  page_id  TEXT NOT NULL,
  kind     TEXT NOT NULL CHECK (kind IN ('url', 'page', 'file')),
  target   TEXT NOT NULL,
  PRIMARY KEY (space_id, branch, page_id, kind, target)
) WITHOUT ROWID;
CREATE INDEX content_links_by_target ON content_links(space_id, branch, kind, target);

CREATE TABLE file_blobs (
  sha256 TEXT PRIMARY KEY,
  bytes  BLOB NOT NULL
) WITHOUT ROWID;

CREATE TABLE content_files (
  space_id     TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  branch       TEXT NOT NULL,
  file_id      TEXT NOT NULL,
  name         TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size         INTEGER NOT NULL,
  blob         TEXT NOT NULL REFERENCES file_blobs(sha256),
  created_at   TEXT,
  PRIMARY KEY (space_id, branch, file_id)
) WITHOUT ROWID;
`;
