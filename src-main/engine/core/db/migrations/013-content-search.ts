/**
 * Search over page titles, and links to anchors (docs/search.md). Page titles get their own FTS5
 * index, kept by triggers on `content_pages`, so that every writer of the projections keeps it
 * without knowing of it; `content_links` learns the `anchor` kind (`pageId#anchor`). Both FTS5
 * indexes keep prefixes of 2 and 3 characters, so that a word being typed is found fast.
 */
export const sql = `
DROP TABLE content_search;
CREATE VIRTUAL TABLE content_search USING fts5(heading, body, content='content_sections', content_rowid='id', prefix='2 3');
INSERT INTO content_search(content_search) VALUES ('rebuild');

CREATE TABLE content_titles (
  id       INTEGER PRIMARY KEY,
  space_id TEXT NOT NULL,
  branch   TEXT NOT NULL,
  page_id  TEXT NOT NULL,
  title    TEXT NOT NULL,
  UNIQUE (space_id, branch, page_id)
);
CREATE VIRTUAL TABLE content_title_search USING fts5(title, content='content_titles', content_rowid='id', prefix='2 3');
CREATE TRIGGER content_titles_ai AFTER INSERT ON content_titles BEGIN
  INSERT INTO content_title_search(rowid, title) VALUES (new.id, new.title);
END;
CREATE TRIGGER content_titles_ad AFTER DELETE ON content_titles BEGIN
  INSERT INTO content_title_search(content_title_search, rowid, title) VALUES ('delete', old.id, old.title);
END;
INSERT INTO content_titles (space_id, branch, page_id, title) SELECT space_id, branch, page_id, title FROM content_pages;

CREATE TRIGGER content_pages_title_ai AFTER INSERT ON content_pages BEGIN
  INSERT INTO content_titles (space_id, branch, page_id, title) VALUES (new.space_id, new.branch, new.page_id, new.title);
END;
CREATE TRIGGER content_pages_title_au AFTER UPDATE OF title ON content_pages WHEN old.title IS NOT new.title BEGIN
  DELETE FROM content_titles WHERE space_id = old.space_id AND branch = old.branch AND page_id = old.page_id;
  INSERT INTO content_titles (space_id, branch, page_id, title) VALUES (new.space_id, new.branch, new.page_id, new.title);
END;
CREATE TRIGGER content_pages_title_ad AFTER DELETE ON content_pages BEGIN
  DELETE FROM content_titles WHERE space_id = old.space_id AND branch = old.branch AND page_id = old.page_id;
END;

CREATE TABLE content_links_012 (
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  branch   TEXT NOT NULL,
  page_id  TEXT NOT NULL,
  kind     TEXT NOT NULL CHECK (kind IN ('url', 'page', 'file', 'anchor')),
  target   TEXT NOT NULL,
  PRIMARY KEY (space_id, branch, page_id, kind, target)
) WITHOUT ROWID;
INSERT INTO content_links_012 SELECT space_id, branch, page_id, kind, target FROM content_links;
DROP TABLE content_links;
ALTER TABLE content_links_012 RENAME TO content_links;
CREATE INDEX content_links_by_target ON content_links(space_id, branch, kind, target);
`;
