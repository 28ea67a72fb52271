import { describe, expect, it } from 'vitest';
import { mainTreeDoc, pageDoc, changeRequestBranch, MAIN } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import type { TestServer } from '../../../support/server.js';
import { created } from '../../api/content/fixture.js';
import { Delivery, withHubAndReplica } from './delivery.js';

/**
 * Found by the convergence fuzz (seeds 28, 57, 59 in a batch, where warm code makes the API
 * outrun sync): a change request that only edited a page's body reads main's tree through its
 * lazy fork. A replica that got that body before the space's tree gave the change request rows
 * of its own, copied from main's (none yet); the tree's first row here then copied itself into
 * no change request, so the change request listed no pages there, and main's pages on the hub.
 */
describe("a space's tree that reaches a replica after a change request's page body", () => {
  it("lists main's pages in the change request, as the hub does", () =>
    withHubAndReplica(async (hub, replica) => {
      const spaceId = (await newSpace(hub.owner, hub.organizationId, { title: 'Guide' })).id;
      const openOne = async (subject: string) => ok(await hub.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject } })).id;
      const merged = await openOne('Merged');
      const pageId = (await created(hub.owner, { spaceId, changeRequestId: merged }, [{ operation: 'insert_page', title: 'Merged page', document: { markdown: 'p\n' } }]))[0]!;
      ok(await hub.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: merged } }));
      const edited = await openOne('Edited');
      const change = { operation: 'update_page' as const, page: pageId, document: { markdown: 'edited\n' } };
      ok(await hub.owner.client.call('updateChangeRequestContent', { params: { spaceId, changeRequestId: edited }, query: {}, body: { changes: [change] } }));

      const delivery = new Delivery(hub, replica);
      delivery.rows();
      // The change request's body first, then main's tree and body: docs come in any order.
      delivery.docs([pageDoc(spaceId, changeRequestBranch(edited), pageId), mainTreeDoc(spaceId), pageDoc(spaceId, MAIN, pageId)]);

      const pagesOf = async (server: TestServer) =>
        ok(await server.owner.client.call('listPagesInChangeRequest', { params: { spaceId, changeRequestId: edited } })).pages.map((page) => page.title);
      expect(await pagesOf(hub)).toEqual(['Merged page']);
      expect(await pagesOf(replica)).toEqual(['Merged page']);
    }));
});
