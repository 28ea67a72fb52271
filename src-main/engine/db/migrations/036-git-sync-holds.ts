/**
 * Which engine runs a replicated Git Sync link (docs/git-sync.md, "One device syncs a link"): the
 * one the link was set on, as it stands (`link_updated_at` is the link's `updated_at` as this
 * engine wrote it; set again elsewhere, the link is no longer held here). Local: never replicated.
 * A link that replicated to other engines was polled and imported by each, every import of a
 * repository into an engine without its own sync state making new pages: as many copies of the
 * space's pages as engines that could reach the repository.
 * Upgraded databases hold the links they synced or keep a token for (the best they can know).
 */
export const sql = `
CREATE TABLE git_sync_holds (
  space_id        TEXT PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE,
  link_updated_at TEXT NOT NULL
) WITHOUT ROWID;

INSERT INTO git_sync_holds (space_id, link_updated_at)
  SELECT space_id, updated_at FROM space_git_links
  WHERE space_id IN (SELECT space_id FROM git_sync_states UNION SELECT space_id FROM git_sync_secrets);
`;
