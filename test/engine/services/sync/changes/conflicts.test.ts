import { describe, expect, it } from 'vitest';
import { newCollection, newSpace, ok } from '../../../../support/content.js';
import { addMember } from '../../../../../src-main/engine/app/admin/commands.js';
import { applyChanges } from '../../../../../src-main/engine/services/sync/changes/apply.js';
import { changesSince } from '../../../../../src-main/engine/services/sync/changes/since.js';
import { TestServer, type TestUser } from '../../../../support/server.js';
import { heal, useNetwork, type Replica } from './peers.js';

const net = useNetwork();

describe('a replica’s first pull', () => {
  it('adopts the hub’s user, organizations and content', async () => {
    const space = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Guide' });
    const a = await net.replicaOf();
    const orgs = ok(await a.user.client.call('listOrganizationsForAuthenticatedUser', { params: undefined }));
    expect(orgs.items.map((org) => org.id)).toEqual([net.hub.organizationId]);
    const got = ok(await a.user.client.call('getSpaceById', { params: { spaceId: space.id } }));
    expect(got.title).toBe('Guide');
  });
});

describe('a replica used alone before its first connection', () => {
  it('keeps its work, ids and all, uploaded under the hub user as creator, and adopts the hub’s organizations', async () => {
    const local = await TestServer.start();
    const localOwner = local.owner.id;
    const space = await newSpace(local.owner, local.organizationId, { title: 'Offline notes' });
    const draft = ok(await local.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Draft' } }));
    const a = await net.joining(local);
    expect(a.sync().compensated).toBe(0);
    const hubOwner = net.hub.owner;
    const orgs = ok(await a.user.client.call('listOrganizationsForAuthenticatedUser', { params: undefined }));
    expect(orgs.items.map((org) => org.id).sort()).toEqual([net.hub.organizationId, local.organizationId].sort());
    const onHub = ok(await hubOwner.client.call('getChangeRequestById', { params: { spaceId: space.id, changeRequestId: draft.id } }));
    expect(onHub.createdBy.id).toBe(hubOwner.id);
    const members = ok(await hubOwner.client.call('listMembersInOrganizationById', { params: { organizationId: local.organizationId }, query: {} }));
    expect(members.items.map((member) => [member.user.id, member.role])).toEqual([[hubOwner.id, 'admin']]);
    expect(a.db.get('SELECT 1 FROM users WHERE id = ?', localOwner)).toBeUndefined();
  });
});

describe('applying', () => {
  it('the same changes twice changes nothing the second time', async () => {
    await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Guide' });
    const a = await net.replicaOf();
    const everything = changesSince(net.hub.engine.db, '', { user: net.hub.owner.id }).changes;
    const logged = () => a.db.get<{ n: number }>('SELECT count(*) AS n FROM change_log')!.n;
    const before = logged();
    expect(applyChanges(a.db, a.server.engine.changeCapture, everything, { hub: true })).toEqual({ applied: 0, compensated: 0, ignored: everything.length });
    expect(logged()).toBe(before);
  });
});

describe('concurrent edits of one field', () => {
  it('keep the edit with the greater stamp on every replica', async () => {
    const space = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Guide' });
    const [a, b] = [await net.replicaOf(), await net.replicaOf()];
    ok(await a.user.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { title: 'From A' } }));
    ok(await b.user.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { title: 'From B' } }));
    heal([a, b]);
    const titles = await Promise.all([net.hub.owner, a.user, b.user].map(async (user) => titleOf(user, space.id)));
    expect(new Set(titles).size).toBe(1);
    expect(titles[0]).toBe('From B');
  });

  it('merge edits of different fields of one row', async () => {
    const space = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Guide' });
    const [a, b] = [await net.replicaOf(), await net.replicaOf()];
    ok(await a.user.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { title: 'Handbook' } }));
    ok(await b.user.client.call('updateSpaceById', { params: { spaceId: space.id }, body: { emoji: '1f600' } }));
    heal([a, b]);
    for (const user of [net.hub.owner, a.user, b.user]) {
      const got = ok(await user.client.call('getSpaceById', { params: { spaceId: space.id } }));
      expect([got.title, got.emoji]).toEqual(['Handbook', '1f600']);
    }
  });
});

async function titleOf(user: TestUser, spaceId: string): Promise<string> {
  return ok(await user.client.call('getSpaceById', { params: { spaceId } })).title;
}

describe('delete versus edit', () => {
  it('the delete wins over an edit made at the same time, even a later one', async () => {
    const collection = await newCollection(net.hub.owner, net.hub.organizationId, { title: 'Team docs' });
    const [a, b] = [await net.replicaOf(), await net.replicaOf()];
    ok(await a.user.client.call('deleteCollectionById', { params: { collectionId: collection.id } }));
    ok(await b.user.client.call('updateCollectionById', { params: { collectionId: collection.id }, body: { title: 'Renamed' } }));
    heal([a, b]);
    for (const user of [net.hub.owner, a.user, b.user]) {
      const got = await user.client.call('getCollectionById', { params: { collectionId: collection.id } });
      expect(got.ok ? 200 : got.status).toBe(404);
    }
  });

  it('a member removed while their role changes elsewhere is removed, and a later re-adding brings them back', async () => {
    const writer = net.hub.user('edit');
    const [a, b] = [await net.replicaOf(), await net.replicaOf()];
    const params = { organizationId: net.hub.organizationId, userId: writer.id };
    ok(await a.user.client.call('removeMemberFromOrganizationById', { params }));
    ok(await b.user.client.call('updateMemberInOrganizationById', { params, body: { role: 'review' } }));
    heal([a, b]);
    for (const user of [net.hub.owner, a.user, b.user]) expect(await memberIds(user)).not.toContain(writer.id);
    expect(addMember(net.hub.engine, net.hub.organizationId, writer.email, 'read')).toBeTypeOf('string');
    heal([a, b]);
    for (const user of [net.hub.owner, a.user, b.user]) expect(await memberIds(user)).toContain(writer.id);
  });
});

async function memberIds(user: TestUser): Promise<string[]> {
  const list = ok(await user.client.call('listMembersInOrganizationById', { params: { organizationId: net.hub.organizationId }, query: {} }));
  return list.items.map((member) => member.user.id);
}

describe('change request numbers allocated on two replicas at once', () => {
  it('settle on distinct numbers, the later one taking the next free number, on every replica', async () => {
    const space = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Guide' });
    const [a, b] = [await net.replicaOf(), await net.replicaOf()];
    const fromA = ok(await a.user.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'A' } }));
    const fromB = ok(await b.user.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'B' } }));
    expect([fromA.number, fromB.number]).toEqual([1, 1]);
    b.sync();
    a.sync();
    heal([a, b]);
    for (const user of [net.hub.owner, a.user, b.user]) {
      const list = ok(await user.client.call('listChangeRequestsForSpace', { params: { spaceId: space.id }, query: {} }));
      const numbers = Object.fromEntries(list.items.map((cr) => [cr.subject, cr.number]));
      expect(numbers).toEqual({ A: 1, B: 2 });
    }
  });
});

describe('moves that would make a cycle of collections', () => {
  it('leave the later move’s collection at the root on every replica', async () => {
    const x = await newCollection(net.hub.owner, net.hub.organizationId, { title: 'X' });
    const y = await newCollection(net.hub.owner, net.hub.organizationId, { title: 'Y' });
    const [a, b] = [await net.replicaOf(), await net.replicaOf()];
    ok(await a.user.client.call('moveCollection', { params: { collectionId: x.id }, body: { parent: y.id } }));
    ok(await b.user.client.call('moveCollection', { params: { collectionId: y.id }, body: { parent: x.id } }));
    b.sync();
    a.sync();
    heal([a, b]);
    for (const user of [net.hub.owner, a.user, b.user]) {
      const gx = ok(await user.client.call('getCollectionById', { params: { collectionId: x.id } }));
      const gy = ok(await user.client.call('getCollectionById', { params: { collectionId: y.id } }));
      expect([gx.parent ?? null, gy.parent ?? null]).toEqual([y.id, null]);
    }
  });
});
