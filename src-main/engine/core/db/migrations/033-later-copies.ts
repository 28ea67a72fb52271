/**
 * A change request's page written on two copies of main keeps the earlier as its base and hides
 * what the later holds past it in the blocks a writer touched (docs/sync.md, "Fork bases").
 * `doc_forks.later_copy` keeps the later copies it gave up, merged into one update (NULL when it
 * gave up none), so that the rule runs again when a writer's push brings edits into blocks no
 * writer had touched before. Local to each engine: the later copies travel as bases.
 */
export const sql = `
ALTER TABLE doc_forks ADD COLUMN later_copy BLOB;
`;
