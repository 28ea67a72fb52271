import { describe, expect, it } from 'vitest';
import { branchDocPrefix, changeRequestBranch } from '../../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../../support/content.js';
import type { TestUser } from '../../../../support/server.js';
import { useNetwork } from './peers.js';

const net = useNetwork();

/** A space whose main content has one page with a body, made on the hub through a merged change request. */
async function spaceWithPage(owner: TestUser, organizationId: string): Promise<string> {
  const space = await newSpace(owner, organizationId, { title: 'Guide' });
  const cr = ok(await owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'First page' } }));
  const params = { spaceId: space.id, changeRequestId: cr.id };
  const insert = { operation: 'insert_page' as const, title: 'Welcome', document: { markdown: 'Hello from main.\n' } };
  ok(await owner.client.call('updateChangeRequestContent', { params, query: {}, body: { changes: [insert] } }));
  ok(await owner.client.call('mergeChangeRequest', { params }));
  return space.id;
}

async function pagesWithBodies(user: TestUser, spaceId: string, changeRequestId: string) {
  const params = { spaceId, changeRequestId };
  const pages = ok(await user.client.call('listPagesInChangeRequest', { params })).pages;
  return Promise.all(
    pages.map(async (page) => {
      const read = ok(await user.client.call('getPageInChangeRequestById', { params: { ...params, pageId: page.id }, query: { format: 'markdown' } }));
      return { title: read.title, markdown: 'markdown' in read ? read.markdown : undefined };
    }),
  );
}

describe('a change request made on a replica, on the hub it reaches', () => {
  it('reads main’s content, as it does where it was made (its docs fork main lazily there too)', async () => {
    const spaceId = await spaceWithPage(net.hub.owner, net.hub.organizationId);
    const a = await net.replicaOf();
    const cr = ok(await a.user.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Offline work' } }));
    a.sync();
    expect(await pagesWithBodies(net.hub.owner, spaceId, cr.id)).toEqual([{ title: 'Welcome', markdown: 'Hello from main.\n' }]);
  });

  it('once merged elsewhere, is frozen here too: its unwritten docs read main as it is, with no copies taken', async () => {
    const spaceId = await spaceWithPage(net.hub.owner, net.hub.organizationId);
    const a = await net.replicaOf();
    const cr = ok(await a.user.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Merged offline' } }));
    ok(await a.user.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: cr.id } }));
    a.sync();
    const page = ok(await net.hub.owner.client.call('listPages', { params: { spaceId } })).pages[0]!;
    const later = ok(await net.hub.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Later' } }));
    const params = { spaceId, changeRequestId: later.id };
    ok(await net.hub.owner.client.call('updateChangeRequestContent', { params, query: {}, body: { changes: [{ operation: 'update_page', page: page.id, document: { markdown: 'Main moved on.\n' } }] } }));
    ok(await net.hub.owner.client.call('mergeChangeRequest', { params }));
    expect(net.hub.engine.docs.writtenUnder(branchDocPrefix(spaceId, changeRequestBranch(cr.id)))).toEqual([]);
    expect(await pagesWithBodies(net.hub.owner, spaceId, cr.id)).toEqual([{ title: 'Welcome', markdown: 'Main moved on.\n' }]);
  });
});
