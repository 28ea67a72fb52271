import { describe, expect, it } from 'vitest';
import { changeRequestTreeDoc, mainTreeDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import type { TestServer } from '../../../support/server.js';
import { created } from '../../api/content/fixture.js';
import { Delivery, withHubAndReplica } from './delivery.js';

/**
 * Found by the convergence fuzz (seed 10, under load): the hub copies main's tree into an open
 * change request when a merge first writes main, and that copy of an empty tree brings no structs.
 * A replica that received it before the change request's row left the doc unwritten; once the
 * row arrived, the doc read main there (the merged page) while the hub's copy stays empty.
 */
describe("a change request's doc that reaches a replica before the change request", () => {
  it('holds what the hub sent once the change request arrives, even a copy of an empty tree', () =>
    withHubAndReplica(async (hub, replica) => {
      const spaceId = (await newSpace(hub.owner, hub.organizationId, { title: 'Guide' })).id;
      const openOne = async (subject: string) => ok(await hub.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject } })).id;
      const [untouched, merged] = [await openOne('Untouched'), await openOne('Merged')];
      await created(hub.owner, { spaceId, changeRequestId: merged }, [{ operation: 'insert_page', title: 'Merged page', document: { markdown: 'p\n' } }]);
      ok(await hub.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: merged } }));

      // Live updates from the hub, before the change log brought the space and its change requests.
      const delivery = new Delivery(hub, replica);
      delivery.docs([mainTreeDoc(spaceId), changeRequestTreeDoc(spaceId, untouched)]);
      delivery.rows();

      const pagesOf = async (server: TestServer) =>
        ok(await server.owner.client.call('listPagesInChangeRequest', { params: { spaceId, changeRequestId: untouched } })).pages.map((page) => page.title);
      expect(await pagesOf(hub)).toEqual([]);
      expect(await pagesOf(replica)).toEqual([]);
      const mainPages = ok(await replica.owner.client.call('listPages', { params: { spaceId } })).pages.map((page) => page.title);
      expect(mainPages).toEqual(['Merged page']);
    }));
});
