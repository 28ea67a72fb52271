import type { z } from 'zod';
import type { GitSyncState } from '../../../../src-shared/contract/git-sync.js';
import type { Database } from '../../core/db/database.js';
import { findLink } from './sql.js';

/** The space's `gitSync`: its linked repository, as the reference's `GitSyncState` shows one. */
export function gitSyncState(db: Database, spaceId: string): z.input<typeof GitSyncState> | undefined {
  const link = findLink(db, spaceId);
  return link && { repoName: repoName(link.url), integration: 'folio-git-sync', url: link.url, updatedAt: link.updated_at };
}

/** `owner/name` of a repository's address, as the reference names it. */
function repoName(url: string): string {
  const parts = url.replace(/\.git\/?$/, '').split('/').filter(Boolean);
  return parts.slice(-2).join('/');
}
