import type { z } from 'zod';
import type { gitSync, GitSyncOperation, SpaceGitLink } from '../../../../src-shared/contract/git-sync.js';
import { checkRemote, fullRef } from '../../domain/git-sync/remote.js';
import { ownerId } from '../../services/git-sync/sync-steps.js';
import {
  deleteLink, findLink, findSecret, findState, holdsLink, latestOperation, saveLink, saveSecret, sourceKey, type GitOperationRow,
} from '../../domain/git-sync/sql.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { badRequest, isFailure, notFound, type Failure, type Handlers } from '../../core/pipeline/index.js';
import { can, requireSpace } from '../../domain/spaces/rules.js';
import { gitSyncState } from '../../domain/git-sync/serialize.js';

const NO_PROVIDER = 'No Git provider currently set up on the space';

/** Checks a repository address against the server's policy; a 400 naming `body.url` when it may not be reached. */
function remoteOf(ctx: RequestContext, url: string) {
  const checked = checkRemote(url, ctx.gitSync.policy, ctx.actor.id === ownerId(ctx.db));
  return checked.ok ? checked.remote : badRequest(`body.${checked.message}`);
}

function operationJson(row: GitOperationRow): z.input<typeof GitSyncOperation> {
  return {
    state: row.state,
    direction: row.direction,
    stage: row.stage,
    dispatchedTasks: row.dispatched_tasks,
    completedTasks: row.completed_tasks,
    startedAt: row.started_at,
    updatedAt: row.updated_at,
    ...(row.completed_at && row.state === 'success' ? { completedAt: row.completed_at } : {}),
    ...(row.error ? { error: row.error } : {}),
    ...(row.commit_oid ? { commit: row.commit_oid } : {}),
    ...(row.change_request_id ? { changeRequest: row.change_request_id } : {}),
  };
}

function linkJson(ctx: RequestContext, spaceId: string): z.input<typeof SpaceGitLink> | Failure {
  const link = findLink(ctx.db, spaceId);
  if (!link) return notFound(NO_PROVIDER);
  const state = findState(ctx.db, spaceId, sourceKey(link.url, fullRef(link.ref)));
  const operation = latestOperation(ctx.db, spaceId);
  return {
    url: link.url,
    ref: link.ref,
    direction: link.direction,
    ...(link.project_directory ? { projectDirectory: link.project_directory } : {}),
    pollSeconds: link.poll_seconds,
    ...(state?.commit_oid ? { lastSync: { commit: state.commit_oid, at: state.synced_at, revision: state.revision } } : {}),
    hasToken: findSecret(ctx.db, spaceId) !== undefined,
    pendingExport: state?.pending_export === 1,
    ...(operation ? { operation: operationJson(operation) } : {}),
    updatedAt: link.updated_at,
  };
}

/**
 * Starts an import or export (204; the operation runs in the background). A hook calling with
 * the linked repository's address, without credentials, uses the ones stored for it.
 */
function requestOperation(
  ctx: RequestContext,
  spaceId: string,
  direction: 'import' | 'export',
  body: { url: string; ref: string; repoProjectDirectory?: string; force?: boolean; commitMessage?: string },
): Failure | undefined {
  const access = requireSpace(ctx, spaceId, can.edit);
  if (isFailure(access)) return access;
  const remote = remoteOf(ctx, body.url);
  if (isFailure(remote)) return remote;
  const link = findLink(ctx.db, access.row.id);
  // The stored token goes only to the address it was stored with here: not to one changed through sync since.
  const secret = remote.secret ?? (link?.url === remote.url && holdsLink(ctx.db, access.row.id) ? findSecret(ctx.db, access.row.id) : undefined);
  ctx.gitSync.request({
    direction, spaceId: access.row.id, remote: { ...remote, ...(secret ? { secret } : {}) }, ref: body.ref,
    projectDirectory: body.repoProjectDirectory ?? link?.project_directory ?? '', force: body.force ?? false, actorId: ctx.actor.id,
    ...(body.commitMessage !== undefined ? { commitMessage: body.commitMessage } : {}),
  });
  return undefined;
}

export const gitSyncHandlers: Handlers<typeof gitSync> = {
  importGitRepository(ctx, { params, body }) {
    return requestOperation(ctx, params.spaceId, 'import', body);
  },

  exportToGitRepository(ctx, { params, body }) {
    return requestOperation(ctx, params.spaceId, 'export', body);
  },

  getSpaceGitInfo(ctx, { params }) {
    const access = requireSpace(ctx, params.spaceId, can.view);
    if (isFailure(access)) return access;
    return gitSyncState(ctx.db, access.row.id) ?? notFound(NO_PROVIDER);
  },

  getSpaceGitOperation(ctx, { params }) {
    const access = requireSpace(ctx, params.spaceId, can.view);
    if (isFailure(access)) return access;
    const row = latestOperation(ctx.db, access.row.id);
    return row ? operationJson(row) : notFound('No Git Sync operation has run on this space');
  },

  getSpaceGitLink(ctx, { params }) {
    const access = requireSpace(ctx, params.spaceId, can.view);
    if (isFailure(access)) return access;
    return linkJson(ctx, access.row.id);
  },

  setSpaceGitLink(ctx, { params, body }) {
    const access = requireSpace(ctx, params.spaceId, can.admin);
    if (isFailure(access)) return access;
    const remote = remoteOf(ctx, body.url);
    if (isFailure(remote)) return remote;
    if (body.token && remote.transport === 'file') return badRequest('body.token: a file:// repository takes no token');
    const before = findLink(ctx.db, access.row.id);
    saveLink(ctx.db, {
      space_id: access.row.id, url: remote.url, ref: body.ref, direction: body.direction ?? before?.direction ?? 'both',
      project_directory: body.projectDirectory ?? before?.project_directory ?? '', poll_seconds: body.pollSeconds ?? before?.poll_seconds ?? 0,
      linked_by: ctx.actor.id, updated_at: ctx.now,
    });
    // A token goes with the address's user name when it names one (else GitHub's `x-access-token`).
    saveSecret(ctx.db, access.row.id, body.token ? { username: remote.secret?.username ?? null, password: body.token } : remote.secret);
    return linkJson(ctx, access.row.id);
  },

  importSpaceArchive(ctx, { params, body }) {
    const access = requireSpace(ctx, params.spaceId, can.edit);
    if (isFailure(access)) return access;
    ctx.gitSync.requestArchive({ spaceId: access.row.id, name: body.name, zip: Buffer.from(body.zip, 'base64'), actorId: ctx.actor.id });
    return undefined;
  },

  deleteSpaceGitLink(ctx, { params }) {
    const access = requireSpace(ctx, params.spaceId, can.admin);
    if (isFailure(access)) return access;
    return deleteLink(ctx.db, access.row.id) ? undefined : notFound(NO_PROVIDER);
  },
};
