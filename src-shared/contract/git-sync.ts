import { z } from 'zod';
import { EntityId, Timestamp } from './common.js';
import { defineOperation } from './operation.js';

/** The Git Sync provider of a space's repository (the reference's `GitSyncProvider`). */
export const GitSyncProvider = z.enum(['github', 'gitlab', 'github-legacy']).meta({ id: 'GitSyncProvider' });

export const GitSyncState = z
  .object({
    repoName: z.string().optional(),
    installationProvider: GitSyncProvider.optional(),
    integration: z.string().optional(),
    url: z.string().optional(),
    updatedAt: Timestamp.optional(),
  })
  .meta({ id: 'GitSyncState' });

export const GitSyncOperationState = z.enum(['running', 'failure', 'success']).meta({ id: 'GitSyncOperationState' });
export const GitSyncOperationDirection = z.enum(['export', 'import']).meta({ id: 'GitSyncOperationDirection' });
export const GitSyncOperationStage = z.enum(['repo_fetch', 'config_check', 'content_process', 'finalize']).meta({ id: 'GitSyncOperationStage' });

export const GitSyncOperation = z
  .object({
    state: GitSyncOperationState,
    direction: GitSyncOperationDirection,
    stage: GitSyncOperationStage,
    dispatchedTasks: z.number(),
    completedTasks: z.number(),
    startedAt: Timestamp,
    updatedAt: Timestamp,
    completedAt: Timestamp.optional(),
    error: z.string().optional(),
    /** Folio's: the commit imported or exported, once known. */
    commit: z.string().optional(),
    /** Folio's: the change request an import went into because main had changed since the last sync. */
    changeRequest: z.string().optional(),
  })
  .meta({ id: 'GitSyncOperation' });

const UpdateSpaceGitInfo = z
  .object({ provider: z.enum(['github', 'gitlab']).optional(), url: z.string().optional() })
  .meta({ id: 'UpdateSpaceGitInfo' });

/** A ref as the reference writes it (`refs/heads/main`), or a branch name. */
const GitRef = z.string().min(1).max(255).regex(/^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]+$/, 'a Git ref such as refs/heads/main');
const RepositoryUrl = z.string().min(1).max(2048);

const common = {
  url: RepositoryUrl,
  ref: GitRef,
  repoCacheID: z.string().max(255).optional(),
  repoTreeURL: z.string().max(2048).optional(),
  repoCommitURL: z.string().max(2048).optional(),
  repoProjectDirectory: z.string().max(1024).optional(),
  timestamp: Timestamp.optional(),
  force: z.boolean().optional(),
  gitInfo: UpdateSpaceGitInfo.optional(),
};

export const ImportGitRepository = z.object({ ...common, standalone: z.boolean().optional() }).meta({ id: 'ImportGitRepository' });
export const ExportToGitRepository = z.object({ ...common, commitMessage: z.string().min(1).max(10_000) }).meta({ id: 'ExportToGitRepository' });

/** Folio's: a folder uploaded as a zip. A later upload under the same name updates what this one brought. */
export const ImportSpaceArchive = z
  .object({
    name: z.string().trim().min(1).max(255),
    zip: z.string().min(1).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
  })
  .meta({ id: 'ImportSpaceArchive' });

/** Folio's: the repository a space stays in sync with. */
export const SpaceGitLink = z
  .object({
    url: RepositoryUrl,
    ref: GitRef,
    direction: z.enum(['import', 'export', 'both']),
    projectDirectory: z.string().max(1024).optional(),
    /** Polling interval for the ref, in seconds; 0 polls never (a hook calls git/import). */
    pollSeconds: z.number().int().min(0).max(86_400).optional(),
    lastSync: z
      .object({ commit: z.string(), at: Timestamp, revision: z.string().optional() })
      .optional(),
    /** Whether a token is stored for the repository (never answered). */
    hasToken: z.boolean(),
    /** Exports waiting for the repository to be reachable again. */
    pendingExport: z.boolean(),
    /** The space's latest operation, as `GET …/git/operation` answers it. */
    operation: GitSyncOperation.optional(),
    updatedAt: Timestamp,
  })
  .meta({ id: 'SpaceGitLink' });

const SpaceParams = z.object({ spaceId: EntityId });

export const gitSync = {
  importGitRepository: defineOperation({
    id: 'importGitRepository',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/git/import',
    summary: 'Import a Git repository into the space, in the background; GET …/git/operation follows it',
    params: SpaceParams,
    body: ImportGitRepository,
    success: 204,
  }),
  exportToGitRepository: defineOperation({
    id: 'exportToGitRepository',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/git/export',
    summary: 'Export the space to a Git repository as a commit, in the background; GET …/git/operation follows it',
    params: SpaceParams,
    body: ExportToGitRepository,
    success: 204,
  }),
  getSpaceGitInfo: defineOperation({
    id: 'getSpaceGitInfo',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/git/info',
    summary: 'The Git Sync provider set up on the space (404 when none)',
    params: SpaceParams,
    success: 200,
    response: GitSyncState,
  }),
  getSpaceGitOperation: defineOperation({
    id: 'getSpaceGitOperation',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/git/operation',
    summary: "Folio's: the space's latest Git Sync operation, running or finished (404 when none)",
    params: SpaceParams,
    success: 200,
    response: GitSyncOperation,
  }),
  getSpaceGitLink: defineOperation({
    id: 'getSpaceGitLink',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/git/link',
    summary: "Folio's: the repository and ref the space stays in sync with (404 when none)",
    params: SpaceParams,
    success: 200,
    response: SpaceGitLink,
  }),
  setSpaceGitLink: defineOperation({
    id: 'setSpaceGitLink',
    method: 'PUT',
    path: '/v1/spaces/{spaceId}/git/link',
    summary: "Folio's: link the space to a repository and ref (credentials in the URL or as `token`, stored on this machine only)",
    params: SpaceParams,
    body: z.object({
      url: RepositoryUrl,
      ref: GitRef,
      direction: z.enum(['import', 'export', 'both']).optional(),
      projectDirectory: z.string().max(1024).optional(),
      pollSeconds: z.number().int().min(0).max(86_400).optional(),
      token: z.string().min(1).max(4096).optional(),
    }),
    success: 200,
    response: SpaceGitLink,
  }),
  importSpaceArchive: defineOperation({
    id: 'importSpaceArchive',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/git/import-archive',
    summary:
      "Folio's: import a folder of Markdown uploaded as a zip (the service's layout, or a folder tree, or an Obsidian vault), in the background; GET …/git/operation follows it",
    params: SpaceParams,
    body: ImportSpaceArchive,
    // The zip in base64: a caller's whole share of the server's body budget.
    maxBodyBytes: 64 * 1024 * 1024,
    success: 204,
  }),
  deleteSpaceGitLink: defineOperation({
    id: 'deleteSpaceGitLink',
    method: 'DELETE',
    path: '/v1/spaces/{spaceId}/git/link',
    summary: "Folio's: stop syncing the space with its repository",
    params: SpaceParams,
    success: 204,
  }),
};
