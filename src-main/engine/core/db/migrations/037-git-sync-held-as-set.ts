/**
 * A held Git Sync link runs only as it was set on this engine (docs/git-sync.md, "One device syncs
 * a link"): `link` is its address, ref, direction, project directory, poll interval and linker as
 * this engine wrote them. The link replicates field by field, and 036 matched its `updated_at`
 * only: a change of its address alone, sent by another engine with the stamp left as it was, made
 * the engine that runs the link fetch a repository of this machine no one asked for here, and send
 * the stored token to an address of someone else's choosing.
 * Upgraded databases hold their links as they stand: the best they can know.
 */
export const sql = `
ALTER TABLE git_sync_holds ADD COLUMN link TEXT NOT NULL DEFAULT '';

UPDATE git_sync_holds SET link = COALESCE((
  SELECT json_array(l.url, l.ref, l.direction, l.project_directory, l.poll_seconds, l.linked_by)
  FROM space_git_links l WHERE l.space_id = git_sync_holds.space_id
), '');
`;
