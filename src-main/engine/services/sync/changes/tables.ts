/**
 * The metadata tables that replicate through the change log, and how each row is scoped. What
 * is left out stays local or travels another way: tokens (secrets of this machine), the Yjs doc
 * store and what is projected from docs (pages, comments: doc sync carries the docs), live-edit
 * sessions (this engine's own bookkeeping), and translations (run by the engine whose translator
 * is configured; the result spaces they write replicate as any space: docs/translations.md).
 *
 * Scope expressions are SQL over the row, written with `$` for it (NEW or OLD in a trigger):
 * the organization a change belongs to and the space, which decide who may receive it.
 */
export interface TableSpec {
  name: string;
  /** Primary-key columns, in the order of a change's `key`. */
  key: readonly string[];
  /** Every stored column a change may carry (generated columns excluded). */
  columns: readonly string[];
  /** Stored columns that stay on this engine, derived from what only it holds; changes never carry them. */
  local?: readonly string[];
  /** Columns stored as BLOB: hex text in a change. */
  blobs?: readonly string[];
  organization: string;
  space?: string;
}

const spaceOrganization = (space: string) => `(SELECT organization_id FROM spaces WHERE id = ${space})`;
const changeRequestSpace = '(SELECT space_id FROM change_requests WHERE id = $.change_request_id)';

export const REPLICATED_TABLES: readonly TableSpec[] = [
  {
    name: 'users',
    key: ['id'],
    columns: ['id', 'email', 'display_name', 'photo_url', 'created_at'],
    organization: 'NULL',
  },
  {
    name: 'organizations',
    key: ['id'],
    columns: [
      'id', 'title', 'created_at', 'email_domains', 'hostname', 'type', 'use_case', 'default_role', 'has_default_role',
      'default_content', 'sso', 'ai', 'invite_links', 'plan', 'merge_rules', 'logo', 'created_by', 'agent_instructions',
      'agent_updated_at', 'agent_updated_by',
    ],
    organization: '$.id',
  },
  {
    name: 'members',
    key: ['organization_id', 'user_id'],
    columns: ['organization_id', 'user_id', 'role', 'disabled', 'sso', 'joined_at', 'last_seen_at'],
    organization: '$.organization_id',
  },
  {
    name: 'invite_links',
    key: ['id'],
    columns: ['id', 'organization_id', 'role', 'created_at'],
    organization: '$.organization_id',
  },
  {
    name: 'teams',
    key: ['id'],
    columns: ['id', 'organization_id', 'title', 'created_at'],
    organization: '$.organization_id',
  },
  {
    name: 'team_members',
    key: ['team_id', 'user_id'],
    columns: ['team_id', 'user_id', 'role', 'added_at'],
    organization: '(SELECT organization_id FROM teams WHERE id = $.team_id)',
  },
  {
    name: 'saml_providers',
    key: ['id'],
    columns: [
      'id', 'organization_id', 'label', 'entity_id', 'certificate', 'sso_url', 'default_team_id', 'default_role', 'created_at',
    ],
    organization: '$.organization_id',
  },
  {
    name: 'collections',
    key: ['id'],
    columns: ['id', 'organization_id', 'parent_id', 'title', 'description', 'default_level', 'position', 'created_at'],
    organization: '$.organization_id',
  },
  {
    name: 'spaces',
    key: ['id'],
    columns: [
      'id', 'organization_id', 'parent_id', 'title', 'emoji', 'icon', 'visibility', 'edit_mode', 'merge_rules', 'language',
      'default_level', 'position', 'revision', 'created_at', 'updated_at', 'deleted_at',
    ],
    organization: '$.organization_id',
    space: '$.id',
  },
  {
    name: 'content_grants',
    key: ['content_id', 'principal_id'],
    columns: ['space_id', 'collection_id', 'user_id', 'team_id', 'role', 'granted_at'],
    organization: `coalesce(${spaceOrganization('$.space_id')}, (SELECT organization_id FROM collections WHERE id = $.collection_id))`,
    space: '$.space_id',
  },
  {
    name: 'revisions',
    key: ['id'],
    columns: ['id', 'space_id', 'parents', 'type', 'change_request_id', 'created_at'],
    organization: spaceOrganization('$.space_id'),
    space: '$.space_id',
  },
  {
    name: 'revision_docs',
    key: ['revision_id', 'doc_id'],
    columns: ['revision_id', 'doc_id', 'state_vector'],
    blobs: ['state_vector'],
    organization: spaceOrganization('(SELECT space_id FROM revisions WHERE id = $.revision_id)'),
    space: '(SELECT space_id FROM revisions WHERE id = $.revision_id)',
  },
  {
    name: 'change_requests',
    key: ['id'],
    columns: [
      'id', 'space_id', 'number', 'status', 'subject', 'description', 'created_by', 'created_at', 'updated_at', 'revision',
      'revision_initial', 'revision_merged_ancestor', 'revision_merged', 'merged_by', 'merged_at',
    ],
    // Each engine clusters the conversations it ingests itself (docs/conversations.md), so the link is local.
    local: ['conversations_issues_cluster'],
    organization: spaceOrganization('$.space_id'),
    space: '$.space_id',
  },
  {
    name: 'change_request_contributors',
    key: ['change_request_id', 'user_id'],
    columns: ['change_request_id', 'user_id', 'edits', 'updated_at'],
    organization: spaceOrganization(changeRequestSpace),
    space: changeRequestSpace,
  },
  {
    // The repository a space syncs with (docs/git-sync.md), a setting like the space's own; its token stays here.
    name: 'space_git_links',
    key: ['space_id'],
    columns: ['space_id', 'url', 'ref', 'direction', 'project_directory', 'poll_seconds', 'linked_by', 'updated_at'],
    organization: spaceOrganization('$.space_id'),
    space: '$.space_id',
  },
  {
    name: 'change_request_conflicts',
    key: ['id'],
    columns: [
      'id', 'change_request_id', 'page_id', 'kind', 'place', 'deleted_on', 'base', 'main', 'change_request', 'status', 'resolution',
      'resolved_by', 'resolved_at', 'revision', 'created_at', 'updated_at', 'resolution_writes',
    ],
    organization: spaceOrganization(changeRequestSpace),
    space: changeRequestSpace,
  },
  {
    name: 'change_request_reviews',
    key: ['id'],
    columns: ['id', 'change_request_id', 'reviewer_id', 'status', 'revision', 'requested_by', 'comment_id', 'created_at', 'updated_at'],
    organization: spaceOrganization(changeRequestSpace),
    space: changeRequestSpace,
  },
  {
    name: 'change_request_requested_reviewers',
    key: ['change_request_id', 'user_id'],
    columns: ['change_request_id', 'user_id', 'requested_by', 'revision', 'created_at'],
    organization: spaceOrganization(changeRequestSpace),
    space: changeRequestSpace,
  },
  {
    name: 'change_request_requested_teams',
    key: ['change_request_id', 'team_id'],
    columns: ['change_request_id', 'team_id', 'requested_by', 'revision', 'created_at'],
    organization: spaceOrganization(changeRequestSpace),
    space: changeRequestSpace,
  },
];

const BY_NAME = new Map(REPLICATED_TABLES.map((spec) => [spec.name, spec]));

export function tableSpec(name: string): TableSpec | undefined {
  return BY_NAME.get(name);
}

/** A scope expression over the row named `row` (NEW, OLD, or a table alias). */
export function scopeOver(expression: string, row: string): string {
  return expression.replaceAll('$.', `${row}.`);
}
