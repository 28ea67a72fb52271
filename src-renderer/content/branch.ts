import type { ApiClient } from '../../src-shared/client/client.js';
import { attempt, type Outcome } from '../api/call.js';
import type { Answer } from '../api/types.js';

export type RevisionPage = Answer<'getPageById'>;

/** Whose content: a space's main content, or one of its change requests' copy of it. */
export interface ContentBranch {
  spaceId: string;
  changeRequestId?: string;
}

/** The page reads of a branch, so that one tree and one page view serve main and change requests. */
export function contentReads(client: ApiClient, { spaceId, changeRequestId }: ContentBranch) {
  const asDocument = { format: 'document' as const };
  return {
    pages: async (): Promise<Outcome<RevisionPage[]>> => {
      const listed =
        changeRequestId === undefined
          ? await attempt(client, 'listPages', { params: { spaceId } })
          : await attempt(client, 'listPagesInChangeRequest', { params: { spaceId, changeRequestId } });
      return listed.ok ? { ok: true, data: listed.data.pages as RevisionPage[] } : listed;
    },
    page: (pageId: string): Promise<Outcome<RevisionPage>> =>
      changeRequestId === undefined
        ? attempt(client, 'getPageById', { params: { spaceId, pageId }, query: asDocument })
        : attempt(client, 'getPageInChangeRequestById', { params: { spaceId, changeRequestId, pageId }, query: asDocument }),
  };
}
