/**
 * Comment threads live in the Yjs doc `space/{spaceId}/comments` (see docs/content-design.md);
 * these tables are its projection, rewritten thread by thread in the transaction of each update,
 * so that lists, filters and counts never load the doc. A space's threads go with its row.
 */
export const sql = `
CREATE TABLE comments (
  id          TEXT PRIMARY KEY,
  space_id    TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  posted_by   TEXT NOT NULL,
  posted_at   TEXT NOT NULL,
  edited_at   TEXT,
  body        TEXT NOT NULL,       -- Markdown, as posted
  status      TEXT NOT NULL CHECK (status IN ('open', 'resolved')),
  resolved_at TEXT,
  resolved_by TEXT,
  page_id     TEXT,
  node_id     TEXT,
  table_cell  TEXT,                -- JSON {record, definition}
  revision    TEXT NOT NULL        -- the space's revision when the comment was posted
);
CREATE INDEX comments_by_space ON comments(space_id, posted_at, id);

CREATE TABLE comment_replies (
  id         TEXT PRIMARY KEY,
  comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  position   INTEGER NOT NULL,     -- index in the thread's replies array
  posted_by  TEXT NOT NULL,
  posted_at  TEXT NOT NULL,
  edited_at  TEXT,
  body       TEXT NOT NULL
);
CREATE INDEX comment_replies_by_comment ON comment_replies(comment_id, position);

-- subject_id is the comment's id or one of its replies' (ids are unique across both tables);
-- comment_id ties every reaction of a thread to it, so that deleting the thread takes them along.
CREATE TABLE comment_reactions (
  subject_id TEXT NOT NULL,
  comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  emoji      TEXT NOT NULL,
  user_id    TEXT NOT NULL,
  reacted_at TEXT NOT NULL,
  PRIMARY KEY (subject_id, emoji, user_id)
) WITHOUT ROWID;
CREATE INDEX comment_reactions_by_comment ON comment_reactions(comment_id);
`;
