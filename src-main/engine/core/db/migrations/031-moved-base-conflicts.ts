/**
 * A fork base an update moved carries the conflicts the change request held open after that
 * update (docs/sync.md, "Fork bases"): `doc_forks.moved_conflicts`, a JSON array of
 * `change_request_conflicts` ids, NULL for a copy. The moved base travels on the docs channel and
 * the conflicts on the change log, so an engine may hold the first without the second; it refuses
 * a merge until every conflict named here has arrived, rather than judging the merge against a
 * base that already took main's side of those places.
 */
export const sql = `
ALTER TABLE doc_forks ADD COLUMN moved_conflicts TEXT;
`;
