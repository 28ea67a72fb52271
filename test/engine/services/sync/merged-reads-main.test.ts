import { describe, expect, it } from 'vitest';
import { changeRequestBranch, MAIN, mainTreeDoc, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import type { TestServer } from '../../../support/server.js';
import { created } from '../../api/content/fixture.js';
import { Delivery, withHubAndReplica } from './delivery.js';

/**
 * A merged change request's fork is frozen: the docs it never wrote read main as main moves
 * (docs/doc-store.md). One that only edited a page's body owns rows, taken from main's at its
 * first write; they stayed as they were, so each engine listed main's pages as they were when
 * it took them (the hub at the edit, a replica when the body arrived, after later merges).
 */
describe('a merged change request that never wrote its tree', () => {
  it("lists main's pages as main moves, on the hub and on a replica that got its body late", () =>
    withHubAndReplica(async (hub, replica) => {
      const spaceId = (await newSpace(hub.owner, hub.organizationId, { title: 'Guide' })).id;
      const params = (changeRequestId: string) => ({ spaceId, changeRequestId });
      const open = async (subject: string) => ok(await hub.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject } })).id;
      const merge = async (changeRequestId: string) => ok(await hub.owner.client.call('mergeChangeRequest', { params: params(changeRequestId) }));
      const mergedPage = async (title: string) => {
        const changeRequestId = await open(title);
        const [pageId] = await created(hub.owner, params(changeRequestId), [{ operation: 'insert_page', title, document: { markdown: 'p\n' } }]);
        await merge(changeRequestId);
        return pageId!;
      };
      const first = await mergedPage('First');
      const edited = await open('Edited');
      const change = { operation: 'update_page' as const, page: first, document: { markdown: 'edited\n' } };
      ok(await hub.owner.client.call('updateChangeRequestContent', { params: params(edited), query: {}, body: { changes: [change] } }));
      await merge(edited);
      const second = await mergedPage('Second');

      const delivery = new Delivery(hub, replica);
      delivery.rows();
      delivery.docs([mainTreeDoc(spaceId), pageDoc(spaceId, MAIN, first), pageDoc(spaceId, MAIN, second), pageDoc(spaceId, changeRequestBranch(edited), first)]);

      const pagesOf = async (server: TestServer) =>
        ok(await server.owner.client.call('listPagesInChangeRequest', { params: params(edited) })).pages.map((page) => page.title);
      expect(await pagesOf(hub)).toEqual(['First', 'Second']);
      expect(await pagesOf(replica)).toEqual(['First', 'Second']);
    }));
});
