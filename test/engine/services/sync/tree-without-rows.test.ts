import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { ok } from '../../../support/content.js';
import { created } from '../../api/content/fixture.js';
import { eventually, hubEachTest, type Replica } from './nodes.js';

const { hub: currentHub, replicaOf } = hubEachTest();

async function titles(client: ApiClient, spaceId: string, changeRequestId: string): Promise<string[]> {
  return ok(await client.call('listPagesInChangeRequest', { params: { spaceId, changeRequestId } })).pages.map((page) => page.title);
}

/**
 * Found by the convergence fuzz (seed 28 under load): a space made on a replica has an empty first
 * row of its tree there only (it does not travel). A change request's tree first written on the
 * hub then had nothing to copy, and went without a fork base; a replica that had taken main's tree
 * from a later merge before that change request's tree copied main as it was then, and showed the
 * merged page in the change request for good, where the hub did not.
 */
describe("a change request's tree first written where main's tree has no row", () => {
  it("reaches a replica holding main's later tree without main's later pages in it", async () => {
    const hub = currentHub();
    const maker = await replicaOf(hub.owner);
    const late = await replicaOf(hub.owner);
    const { organizationId } = hub;
    await eventually(async () => ok(await maker.client.call('getOrganizationById', { params: { organizationId } })));
    const spaceId = ok(await maker.client.call('createSpace', { params: { organizationId }, body: { title: 'Made on a replica' } })).id;
    await eventually(async () => ok(await hub.owner.client.call('getSpaceById', { params: { spaceId } })));
    const open = async (subject: string) => ok(await hub.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject } })).id;
    const merged = await open('Merged');
    const own = await open('Own');
    const knows = async (replica: Replica) => {
      const listed = ok(await replica.client.call('listChangeRequestsForOrganization', { params: { organizationId }, query: { limit: 100 } }));
      expect(listed.items.map((cr) => cr.id).sort()).toEqual([merged, own].sort());
    };
    await eventually(() => knows(late));
    late.engine.sync.stop();

    const target = (changeRequestId: string) => ({ spaceId, changeRequestId });
    await created(hub.owner, target(merged), [{ operation: 'insert_page', title: 'Merged page', document: { markdown: 'm\n' } }]);
    await created(hub.owner, target(own), [{ operation: 'insert_page', title: 'Own page', document: { markdown: 'o\n' } }]);
    ok(await hub.owner.client.call('mergeChangeRequest', { params: target(merged) }));
    // Written after the merge, the change request's tree comes after main's in the pull.
    await created(hub.owner, target(own), [{ operation: 'insert_page', title: 'Later page', document: { markdown: 'l\n' } }]);
    expect(await titles(hub.owner.client, spaceId, own)).toEqual(['Own page', 'Later page']);

    late.engine.sync.start();
    await eventually(async () => expect(await titles(late.client, spaceId, own)).toContain('Later page'));
    expect(await titles(late.client, spaceId, own)).toEqual(['Own page', 'Later page']);
    await eventually(async () => expect(await titles(maker.client, spaceId, own)).toEqual(['Own page', 'Later page']));
    expect(await titles(hub.owner.client, spaceId, own)).toEqual(['Own page', 'Later page']);
  });
});
