import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import type { DefaultLevel } from '../../../../src-shared/contract/common.js';
import {
  expectFailure, newCollection, newSpace, ok, otherOrganization, spacePermissionsAs, spacePermissionsOf,
} from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

async function setLevel(kind: 'collection' | 'space', id: string, defaultLevel: DefaultLevel): Promise<void> {
  if (kind === 'collection') ok(await call('updateCollectionById', { params: { collectionId: id }, body: { defaultLevel } }));
  else ok(await call('updateSpaceById', { params: { spaceId: id }, body: { defaultLevel } }));
}

describe('default levels: organization, then collections, then the space', () => {
  it('gives members their organization role when every level inherits', async () => {
    const reader = t.user('read');
    const collection = await newCollection(t.owner, t.organizationId);
    const space = await newSpace(t.owner, t.organizationId, { parent: collection.id });
    expect(await spacePermissionsAs(reader, space.id)).toEqual(spacePermissionsOf('read'));
    expect(ok(await reader.client.call('getCollectionById', { params: { collectionId: collection.id } })).permissions).toEqual({
      view: true,
      admin: false,
      viewInviteLinks: false,
      create: false,
    });
  });

  it('takes the nearest explicit level, from the space up through the collections', async () => {
    const reader = t.user('read');
    const top = await newCollection(t.owner, t.organizationId);
    const sub = await newCollection(t.owner, t.organizationId, { parent: top.id });
    const space = await newSpace(t.owner, t.organizationId, { parent: sub.id });

    await setLevel('collection', top.id, 'review');
    expect(await spacePermissionsAs(reader, space.id)).toEqual(spacePermissionsOf('review'));
    await setLevel('collection', sub.id, 'edit');
    expect(await spacePermissionsAs(reader, space.id)).toEqual(spacePermissionsOf('edit'));
    await setLevel('space', space.id, 'comment');
    expect(await spacePermissionsAs(reader, space.id)).toEqual(spacePermissionsOf('comment'));
    await setLevel('space', space.id, 'inherit');
    await setLevel('collection', sub.id, 'inherit');
    expect(await spacePermissionsAs(reader, space.id)).toEqual(spacePermissionsOf('review'));
  });

  it('follows the new parent after a move', async () => {
    const reader = t.user('read');
    const editing = await newCollection(t.owner, t.organizationId);
    await setLevel('collection', editing.id, 'edit');
    const space = await newSpace(t.owner, t.organizationId);
    expect(await spacePermissionsAs(reader, space.id)).toEqual(spacePermissionsOf('read'));
    ok(await call('moveSpace', { params: { spaceId: space.id }, body: { parent: editing.id } }));
    expect(await spacePermissionsAs(reader, space.id)).toEqual(spacePermissionsOf('edit'));
  });

  it('hides content whose level is null from members: 403 on reads, absent from lists', async () => {
    const organizationId = otherOrganization(t);
    const reader = t.user('read', organizationId);
    const hidden = await newCollection(t.owner, organizationId);
    await setLevel('collection', hidden.id, null);
    const inside = await newSpace(t.owner, organizationId, { parent: hidden.id });
    const shown = await newSpace(t.owner, organizationId, { parent: hidden.id });
    await setLevel('space', shown.id, 'read');

    expectFailure(await reader.client.call('getCollectionById', { params: { collectionId: hidden.id } }), 403);
    expectFailure(await reader.client.call('listSpacesInCollectionById', { params: { collectionId: hidden.id } }), 403);
    expectFailure(await reader.client.call('getSpaceById', { params: { spaceId: inside.id } }), 403);
    expect(await spacePermissionsAs(reader, shown.id)).toEqual(spacePermissionsOf('read'));

    const collections = ok(await reader.client.call('listCollectionsInOrganizationById', { params: { organizationId } }));
    expect(collections).toEqual({ items: [], count: 0 });
    const spaces = ok(await reader.client.call('listSpacesInOrganizationById', { params: { organizationId } }));
    expect(spaces.items.map((s) => s.id)).toEqual([shown.id]);
    expect(spaces.count).toBe(1);
  });

  it('keeps organization admins admin whatever the levels', async () => {
    const admin = t.user('admin');
    const collection = await newCollection(t.owner, t.organizationId);
    await setLevel('collection', collection.id, null);
    const space = await newSpace(t.owner, t.organizationId, { parent: collection.id });
    await setLevel('space', space.id, 'read');
    expect(await spacePermissionsAs(admin, space.id)).toEqual(spacePermissionsOf('admin'));
    const seen = ok(await admin.client.call('getCollectionById', { params: { collectionId: collection.id } }));
    expect(seen.permissions).toEqual({ view: true, admin: true, viewInviteLinks: true, create: true });
  });

  it('gives guests nothing, even where the level is admin', async () => {
    const organizationId = otherOrganization(t);
    const guest = t.user(null, organizationId);
    const collection = await newCollection(t.owner, organizationId);
    await setLevel('collection', collection.id, 'admin');
    const space = await newSpace(t.owner, organizationId, { parent: collection.id });
    expectFailure(await guest.client.call('getCollectionById', { params: { collectionId: collection.id } }), 403);
    expectFailure(await guest.client.call('getSpaceById', { params: { spaceId: space.id } }), 403);
    expect(ok(await guest.client.call('listCollectionsInOrganizationById', { params: { organizationId } })).items).toEqual([]);
    expect(ok(await guest.client.call('listSpacesInOrganizationById', { params: { organizationId } })).items).toEqual([]);
  });

  it('lets a collection level of create or more raise what a member may create there', async () => {
    const reader = t.user('read');
    const open = await newCollection(t.owner, t.organizationId);
    await setLevel('collection', open.id, 'create');
    const inside = await reader.client.call('createSpace', { params: { organizationId: t.organizationId }, body: { parent: open.id } });
    expect(inside.status).toBe(201);
    const sub = await reader.client.call('createCollection', { params: { organizationId: t.organizationId }, body: { parent: open.id } });
    expect(sub.status).toBe(201);
    expectFailure(await reader.client.call('createSpace', { params: { organizationId: t.organizationId }, body: {} }), 403);
  });
});
