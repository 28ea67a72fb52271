import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { ok } from '../../../support/content.js';
import { eventually, syncedSpaceEachTest } from './nodes.js';

const current = syncedSpaceEachTest();

async function pagesOf(client: ApiClient, spaceId: string, changeRequestId: string) {
  const params = { spaceId, changeRequestId };
  const pages = ok(await client.call('listPagesInChangeRequest', { params })).pages;
  return Promise.all(
    pages.map(async (page) => {
      const read = ok(await client.call('getPageInChangeRequestById', { params: { ...params, pageId: page.id }, query: { format: 'markdown' } }));
      return { title: read.title, markdown: 'markdown' in read ? read.markdown : undefined };
    }),
  );
}

describe('an edit made offline in a change request that is merged elsewhere meanwhile', () => {
  it('lands in the change request on every engine, the replica that made it included: nothing acknowledged is lost', async () => {
    const { hub, spaceId } = current();
    const { client } = hub.owner;
    const changeRequestId = ok(await client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Guide' } })).id;
    const params = { spaceId, changeRequestId };
    const inserted = ok(await client.call('updateChangeRequestContent', {
      params,
      query: { compat: 'false' },
      body: { changes: [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'First words.\n' } }] },
    }));
    const pageId = 'changes' in inserted ? (inserted.changes[0]!.page as { id: string }).id : '';
    const a = await current().replica();
    await eventually(async () => expect(await pagesOf(a.client, spaceId, changeRequestId)).toEqual([{ title: 'Guide', markdown: 'First words.\n' }]));

    a.engine.sync.stop();
    const edits = [
      { operation: 'update_page' as const, page: pageId, document: { markdown: 'Rewritten offline.\n' } },
      { operation: 'insert_page' as const, title: 'Offline page', document: { markdown: 'Also offline.\n' } },
    ];
    ok(await a.client.call('updateChangeRequestContent', { params, query: {}, body: { changes: edits } }));
    ok(await client.call('mergeChangeRequest', { params }));
    a.engine.sync.start();

    const expected = [
      { title: 'Guide', markdown: 'Rewritten offline.\n' },
      { title: 'Offline page', markdown: 'Also offline.\n' },
    ];
    await eventually(async () => {
      expect(await pagesOf(client, spaceId, changeRequestId)).toEqual(expected);
      expect(await pagesOf(a.client, spaceId, changeRequestId)).toEqual(expected);
      expect(await a.status()).toMatchObject({ outbox: 0, lastProblem: null });
    });
  });
});
