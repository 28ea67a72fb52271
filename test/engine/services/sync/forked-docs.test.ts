import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { ok } from '../../../support/content.js';
import { eventually, syncedSpaceEachTest } from './nodes.js';

const current = syncedSpaceEachTest();

async function titlesIn(client: ApiClient, spaceId: string, changeRequestId: string): Promise<string[]> {
  return ok(await client.call('listPagesInChangeRequest', { params: { spaceId, changeRequestId } })).pages.map((page) => page.title).sort();
}

async function withPage(client: ApiClient, spaceId: string, title: string): Promise<string> {
  const changeRequestId = ok(await client.call('createChangeRequest', { params: { spaceId }, body: { subject: title } })).id;
  const changes = [{ operation: 'insert_page' as const, title, document: { markdown: `${title}.\n` } }];
  ok(await client.call('updateChangeRequestContent', { params: { spaceId, changeRequestId }, query: {}, body: { changes } }));
  return changeRequestId;
}

describe('a change request whose docs one engine copied from main (copy-before-write) while another still reads main', () => {
  it('ends with the same pages on every engine', async () => {
    const { hub, spaceId } = current();
    ok(await hub.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: await withPage(hub.owner.client, spaceId, 'First') } }));
    const [a, b] = [await current().replica(), await current().replica()];
    const second = await withPage(a.client, spaceId, 'Second');
    await eventually(async () => expect(await titlesIn(b.client, spaceId, second)).toEqual(['First', 'Second']));

    // Made on A just before main moves there: A copies main's tree into it, the others learn of it later.
    const forked = ok(await a.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Forked' } })).id;
    ok(await a.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: second } }));

    await eventually(async () => {
      const onHub = await titlesIn(hub.owner.client, spaceId, forked);
      expect(await titlesIn(a.client, spaceId, forked)).toEqual(onHub);
      expect(await titlesIn(b.client, spaceId, forked)).toEqual(onHub);
    });
  });
});
