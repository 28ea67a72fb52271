import { describe, expect, it } from 'vitest';
import { newSpace, ok } from '../../../support/content.js';
import type { TestServer } from '../../../support/server.js';
import { created } from '../../api/content/fixture.js';
import { eventually, hubEachTest, type Replica } from './nodes.js';
import { purgeExpiredSpaces, TRASH_RETENTION_MS } from '../../../../src-main/engine/domain/spaces/trash.js';

/**
 * The docs of a space or change request whose row is gone after sync leave the replica, and its
 * outbox (docs/sync.md, "Departed places"): a change request its author may no longer make, a
 * space purged on the hub.
 */
const nodes = hubEachTest();
const replicaOf = (token: string) => nodes.replicaOf({ token });

const docsUnder = (node: Replica | TestServer, prefix: string) => node.engine.docs.writtenUnder(prefix);

describe('docs of places that are gone after sync', () => {
  it("a change request written offline by a member made a reader meanwhile leaves the replica with its docs, and the outbox empties", async () => {
    const hub = nodes.hub();
    const space = await newSpace(hub.owner, hub.organizationId, { title: 'Guides' });
    const reviewer = hub.user('review');
    const replica = await replicaOf(reviewer.token);
    await eventually(async () => ok(await replica.client.call('getSpaceById', { params: { spaceId: space.id } })));

    ok(await replica.client.call('deleteSyncSettings', { params: undefined }));
    ok(await hub.owner.client.call('updateMemberInOrganizationById', { params: { organizationId: hub.organizationId, userId: reviewer.id }, body: { role: 'read' } }));
    const changeRequestId = ok(await replica.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Offline' } })).id;
    await created(replica, { spaceId: space.id, changeRequestId }, [{ operation: 'insert_page', title: 'Draft', document: { markdown: 'Written offline.\n' } }]);
    const prefix = `space/${space.id}/cr/${changeRequestId}/`;
    expect(docsUnder(replica, prefix).length).toBeGreaterThan(0);

    await replica.connectTo(hub, reviewer.token);
    await eventually(async () => {
      const status = await replica.status();
      expect({ state: status.state, outbox: status.outbox, pendingChanges: status.pendingChanges }).toEqual({ state: 'connected', outbox: 0, pendingChanges: 0 });
    });
    expect(docsUnder(replica, prefix)).toEqual([]);
    expect(ok(await replica.client.call('listChangeRequestsForSpace', { params: { spaceId: space.id }, query: {} })).items).toEqual([]);
    expect(hub.engine.db.get('SELECT 1 FROM change_requests WHERE id = ?', changeRequestId)).toBeUndefined();
    expect(docsUnder(hub, prefix)).toEqual([]);
  });

  it("a space purged from the hub's trash takes its docs off the replica", async () => {
    const hub = nodes.hub();
    const space = await newSpace(hub.owner, hub.organizationId, { title: 'Old' });
    const changeRequestId = ok(await hub.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Pages' } })).id;
    await created(hub.owner, { spaceId: space.id, changeRequestId }, [{ operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello.\n' } }]);
    ok(await hub.owner.client.call('mergeChangeRequest', { params: { spaceId: space.id, changeRequestId } }));
    const replica = await replicaOf(hub.owner.token);
    const prefix = `space/${space.id}/`;
    await eventually(() => expect(docsUnder(replica, prefix).length).toBeGreaterThan(0));

    ok(await hub.owner.client.call('deleteSpaceById', { params: { spaceId: space.id } }));
    purgeExpiredSpaces(hub.engine.db, hub.engine.docs, new Date(hub.clock.now().getTime() + TRASH_RETENTION_MS + 1).toISOString());

    await eventually(() => expect(replica.engine.db.get('SELECT 1 FROM spaces WHERE id = ?', space.id)).toBeUndefined());
    expect(docsUnder(replica, prefix)).toEqual([]);
    expect((await replica.status()).outbox).toBe(0);
  });
});
