/**
 * Support conversations, the issues found in them and the clusters grouping those issues
 * (docs/conversations.md). Term vectors are JSON objects term → weight; `seq` columns keep the
 * ingestion order, which the clustering's ties and the lists follow.
 */
/** The oldest cluster of the change request's organization whose id its subject or description holds. */
const NAMED_CLUSTER = `SELECT c.id FROM conversation_clusters c JOIN spaces s ON s.organization_id = c.organization_id
  WHERE s.id = NEW.space_id AND (instr(NEW.subject, c.id) > 0 OR instr(COALESCE(NEW.description, ''), c.id) > 0)
  ORDER BY c.seq LIMIT 1`;

export const sql = `
CREATE TABLE conversations (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  seq             INTEGER NOT NULL,
  source          TEXT NOT NULL,
  external_id     TEXT NOT NULL,
  subject         TEXT,
  parts           TEXT NOT NULL,   -- JSON array of {type, role, body}
  metadata        TEXT NOT NULL,   -- JSON {url?, attributes, createdAt?}
  impact          TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  processed_at    TEXT NOT NULL,
  UNIQUE (organization_id, source, external_id)
);
CREATE INDEX conversations_by_seq ON conversations (organization_id, seq);

CREATE TABLE conversation_clusters (
  id                 TEXT PRIMARY KEY,
  organization_id    TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  seq                INTEGER NOT NULL,
  label              TEXT NOT NULL,
  icon               TEXT NOT NULL,
  muted              INTEGER NOT NULL DEFAULT 0,
  centroid           TEXT NOT NULL,   -- JSON term → summed weight
  issue_count        INTEGER NOT NULL DEFAULT 0,
  conversation_count INTEGER NOT NULL DEFAULT 0,
  impact             TEXT NOT NULL DEFAULT 'low',
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL
);
CREATE INDEX conversation_clusters_by_seq ON conversation_clusters (organization_id, seq);

CREATE TABLE conversation_issues (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  cluster_id      TEXT REFERENCES conversation_clusters(id) ON DELETE SET NULL,
  seq             INTEGER NOT NULL,
  title           TEXT NOT NULL,
  details         TEXT NOT NULL,   -- JSON array of the customer's sentences
  impact          TEXT NOT NULL,
  terms           TEXT NOT NULL,   -- JSON term → weight
  created_at      TEXT NOT NULL,
  ingested_at     TEXT NOT NULL
);
CREATE INDEX conversation_issues_by_seq ON conversation_issues (organization_id, seq);
CREATE INDEX conversation_issues_by_cluster ON conversation_issues (cluster_id, created_at);
CREATE INDEX conversation_issues_by_conversation ON conversation_issues (conversation_id);

-- Document frequencies of the organization's issue terms, for idf.
CREATE TABLE conversation_terms (
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  term            TEXT NOT NULL,
  df              INTEGER NOT NULL,
  PRIMARY KEY (organization_id, term)
) WITHOUT ROWID;

-- A change request's cluster: set when its subject or description names a cluster of its organization.
-- The schema keeps it, so that every writer of a change request (API, merge, sync) links it alike.
ALTER TABLE change_requests ADD COLUMN conversations_issues_cluster TEXT REFERENCES conversation_clusters(id) ON DELETE SET NULL;
CREATE TRIGGER change_requests_link_cluster_insert AFTER INSERT ON change_requests
BEGIN
  UPDATE change_requests SET conversations_issues_cluster = (${NAMED_CLUSTER}) WHERE id = NEW.id;
END;
CREATE TRIGGER change_requests_link_cluster_update AFTER UPDATE OF subject, description ON change_requests
BEGIN
  UPDATE change_requests SET conversations_issues_cluster = (${NAMED_CLUSTER}) WHERE id = NEW.id;
END;
`;
