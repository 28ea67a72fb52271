/**
 * Who merged a change request, and when (`mergedBy`, `mergedAt`). Numbers 007 and 009 belong to
 * other branches; they are renumbered if needed when they merge.
 */
export const sql = `
ALTER TABLE change_requests ADD COLUMN merged_by TEXT REFERENCES users(id);
ALTER TABLE change_requests ADD COLUMN merged_at TEXT;
`;
