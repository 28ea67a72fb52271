/**
 * A change request's page written on two copies of main: the hub puts back a block whose deletion
 * took a writer's words with it, main's between the copies or a hiding that ran before the words
 * arrived (docs/sync.md, "Fork bases").
 * `doc_forks.restored_blocks` names the blocks put back (a JSON array of item ids), so that none
 * is put back twice, even once a writer deletes the copy; `doc_forks.restore_analysed` is the
 * doc's state vector when the hub last looked, so that it looks again only at text that arrived
 * since. Local to the hub: the blocks put back travel as ordinary updates.
 */
export const sql = `
ALTER TABLE doc_forks ADD COLUMN restored_blocks TEXT;
ALTER TABLE doc_forks ADD COLUMN restore_analysed BLOB;
`;
