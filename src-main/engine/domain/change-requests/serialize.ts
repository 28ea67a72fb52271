import type { OperationOutput } from '../../../../src-shared/contract/operation.js';
import type { changeRequests } from '../../../../src-shared/contract/change-requests.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { findUser, toUser } from '../users/sql.js';
import { isOutdated } from './rules.js';
import type { ChangeRequestRow } from './sql.js';

type ChangeRequest = OperationOutput<typeof changeRequests.getChangeRequestById>;

export function toChangeRequest(ctx: RequestContext, row: ChangeRequestRow): ChangeRequest {
  const path = `/spaces/${row.space_id}/change-requests/${row.id}`;
  const changeRequest: ChangeRequest = {
    object: 'change-request',
    id: row.id,
    number: row.number,
    status: row.status,
    subject: row.subject,
    createdBy: toUser(ctx, findUser(ctx.db, row.created_by)!),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    space: row.space_id,
    revision: row.revision,
    revisionInitial: row.revision_initial,
    comments: row.open_comments,
    outdated: isOutdated(row),
    urls: { app: ctx.urls.app(path), location: ctx.urls.api(path) },
  };
  if (row.description !== null) changeRequest.description = JSON.parse(row.description) as ChangeRequest['description'];
  if (row.revision_merged_ancestor !== null) changeRequest.revisionMergedAncestor = row.revision_merged_ancestor;
  if (row.revision_merged !== null) changeRequest.revisionMerged = row.revision_merged;
  if (row.merged_by !== null) changeRequest.mergedBy = toUser(ctx, findUser(ctx.db, row.merged_by)!);
  if (row.merged_at !== null) changeRequest.mergedAt = row.merged_at;
  if (row.conversations_issues_cluster !== null) changeRequest.conversationsIssuesCluster = row.conversations_issues_cluster;
  return changeRequest;
}
