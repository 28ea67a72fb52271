/**
 * Which engine runs a replicated Git Sync link (docs/git-sync.md, "One device syncs a link"): the
 * one the link was set on, as it stands (`link_updated_at` is the link's `updated_at` as this
 * engine wrote it; set again elsewhere, the link is no longer held here). Local: never replicated.
 * A link that replicated to other engines was polled and imported by each, every import of a
 * repository into an engine without its own sync state making new pages: as many copies of the
 * space's pages as engines that could reach the repository.
 * Upgraded databases hold the links they synced with the linked repository (a state of its
 * address; a folder export's does not count) or keep a token for: the best they can know.
 */
export const sql = `
CREATE TABLE git_sync_holds (
  space_id        TEXT PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE,
  link_updated_at TEXT NOT NULL
) WITHOUT ROWID;

INSERT INTO git_sync_holds (space_id, link_updated_at)
  SELECT l.space_id, l.updated_at FROM space_git_links l
  WHERE EXISTS (SELECT 1 FROM git_sync_secrets t WHERE t.space_id = l.space_id)
     OR EXISTS (SELECT 1 FROM git_sync_states s WHERE s.space_id = l.space_id AND substr(s.source, 1, length(l.url) + 1) = l.url || ' ');
`;
