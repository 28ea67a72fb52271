import { describe, expect, it } from 'vitest';
import { changeRequestBranch, MAIN, mainTreeDoc, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import type { TestServer } from '../../../support/server.js';
import { created } from '../../api/content/fixture.js';
import { Delivery, withHubAndReplica } from './delivery.js';

/**
 * Found by the convergence fuzz (seeds 57 and 99 in a batch): a change request's body reached a
 * replica before the change request's row (written empty first, `writeUncopiedEmpty`) and before
 * the space's tree, so its rows were taken from main's, empty then; the tree's first row found no
 * fork reading it through (`content/read-through.ts`), and the fork recorded when the row came
 * projected only the docs the change request had written, not the tree it reads from main.
 */
describe("a change request whose page body reaches a replica before its row and its space's tree", () => {
  it("lists main's pages once its row arrives, as the hub does", () =>
    withHubAndReplica(async (hub, replica) => {
      const spaceId = (await newSpace(hub.owner, hub.organizationId, { title: 'Guide' })).id;
      const params = (changeRequestId: string) => ({ spaceId, changeRequestId });
      const open = async (subject: string) => ok(await hub.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject } })).id;
      const merged = await open('Merged');
      const [pageId] = await created(hub.owner, params(merged), [{ operation: 'insert_page', title: 'Merged page', document: { markdown: 'p\n' } }]);
      ok(await hub.owner.client.call('mergeChangeRequest', { params: params(merged) }));
      const delivery = new Delivery(hub, replica);
      delivery.rows();
      const edited = await open('Edited');
      const change = { operation: 'update_page' as const, page: pageId!, document: { markdown: 'edited\n' } };
      ok(await hub.owner.client.call('updateChangeRequestContent', { params: params(edited), query: {}, body: { changes: [change] } }));

      delivery.docs([pageDoc(spaceId, changeRequestBranch(edited), pageId!), mainTreeDoc(spaceId), pageDoc(spaceId, MAIN, pageId!)]);
      delivery.rows();

      const pagesOf = async (server: TestServer) =>
        ok(await server.owner.client.call('listPagesInChangeRequest', { params: params(edited) })).pages.map((page) => page.title);
      expect(await pagesOf(hub)).toEqual(['Merged page']);
      expect(await pagesOf(replica)).toEqual(['Merged page']);
    }));
});
