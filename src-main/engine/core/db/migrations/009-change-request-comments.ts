/**
 * Comments on change requests (docs/content-design.md, "Comments"). Their threads live in the doc
 * `space/{spaceId}/cr/{changeRequestId}/comments` and are projected to the same tables as a
 * space's own comments, which keep `change_request_id` NULL. A change request's threads go with it.
 * Numbers 007 and 008 are other branches'; they are renumbered if needed when they merge.
 */
export const sql = `
ALTER TABLE comments ADD COLUMN change_request_id TEXT REFERENCES change_requests(id) ON DELETE CASCADE;
CREATE INDEX comments_by_change_request ON comments(change_request_id, posted_at, id);
`;
