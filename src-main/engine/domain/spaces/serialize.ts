import type { Role } from '../../../../src-shared/contract/common.js';
import type { OperationOutput } from '../../../../src-shared/contract/operation.js';
import type { spaces } from '../../../../src-shared/contract/spaces.js';
import { toApiLevel } from '../access/content-role.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { changeRequestCounts } from '../change-requests/sql.js';
import { countOpenComments } from '../comments/sql.js';
import { gitSyncState } from '../git-sync/serialize.js';
import { spacePermissions } from './rules.js';
import type { SpaceRow } from './sql.js';

type Space = OperationOutput<typeof spaces.getSpaceById>;

/** Needs only the database and the addresses, so that published sites present spaces too. */
export function toSpace(ctx: Pick<RequestContext, 'db' | 'urls'>, row: SpaceRow, role: Role | undefined): Space {
  const changeRequests = changeRequestCounts(ctx.db, row.id);
  const space: Space = {
    object: 'space',
    id: row.id,
    title: row.title,
    emoji: row.emoji,
    visibility: row.visibility,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    editMode: row.edit_mode,
    mergeRules: JSON.parse(row.merge_rules) as Space['mergeRules'],
    urls: { location: ctx.urls.api(`/spaces/${row.id}`), app: ctx.urls.app(`/spaces/${row.id}`) },
    organization: row.organization_id,
    revision: row.revision,
    defaultLevel: toApiLevel(row.default_level),
    comments: countOpenComments(ctx.db, row.id),
    changeRequests: changeRequests.all,
    changeRequestsOpen: changeRequests.open,
    changeRequestsDraft: changeRequests.draft,
    permissions: spacePermissions(role, row.edit_mode),
  };
  if (row.deleted_at !== null) space.deletedAt = row.deleted_at;
  if (row.parent_id !== null) space.parent = row.parent_id;
  if (row.language !== null) space.language = row.language as Space['language'];
  if (row.icon !== null) space.urls.icon = row.icon;
  const gitSync = gitSyncState(ctx.db, row.id);
  if (gitSync) space.gitSync = gitSync;
  return space;
}
