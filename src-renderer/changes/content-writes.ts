import type { ApiClient } from '../../src-shared/client/client.js';
import type { ApiContract } from '../../src-shared/contract/index.js';
import type { OperationRequest } from '../../src-shared/contract/operation.js';
import { attempt, type Outcome } from '../api/call.js';
import type { RevisionPage } from '../content/branch.js';
import type { PagePlace } from '../content/page-tree.js';

type Change = NonNullable<OperationRequest<ApiContract['updateChangeRequestContent']>['body']>['changes'][number];

/** A change request's page edits, each one `updateChangeRequestContent` call. */
export function contentWrites(client: ApiClient, spaceId: string, changeRequestId: string) {
  const send = (change: Change) =>
    attempt(client, 'updateChangeRequestContent', { params: { spaceId, changeRequestId }, query: { compat: 'false' }, body: { changes: [change] } });
  return {
    /** Resolves the new page's id. */
    add: async (title: string, parent: string | null): Promise<Outcome<string | undefined>> => {
      const sent = await send({ operation: 'insert_page', title, document: {}, ...(parent ? { into: parent } : {}) });
      if (!sent.ok) return sent;
      const created = 'changes' in sent.data ? sent.data.changes.find((change) => change.object === 'created_page') : undefined;
      return { ok: true, data: created?.object === 'created_page' ? created.page.id : undefined };
    },
    rename: (page: RevisionPage, title: string) => send({ operation: 'update_page', page: page.id, title }),
    move: (page: RevisionPage, place: PagePlace) => send({ operation: 'update_page', page: page.id, into: place.into, ...(place.at === undefined ? {} : { at: place.at }) }),
    remove: (page: RevisionPage) => send({ operation: 'delete_page', page: page.id }),
  };
}
