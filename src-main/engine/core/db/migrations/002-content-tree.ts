/**
 * Indexes for the content tree: the organization-wide collection list (in creation order) and
 * the trash purge, which only ever looks at deleted spaces.
 */
export const sql = `
CREATE INDEX collections_by_org ON collections(organization_id, created_at, id);
CREATE INDEX spaces_in_trash ON spaces(deleted_at) WHERE deleted_at IS NOT NULL;
`;
