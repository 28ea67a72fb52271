import { describe, expect, it } from 'vitest';
import { anyMember, atLeast, describeAccess, roleTestServer, type AccessCase } from '../../../support/access.js';
import { newCollection } from '../../../support/content.js';
import { CALLERS } from '../../../support/roles.js';

const test = roleTestServer();

const fresh = () => newCollection(test.t.owner, test.t.organizationId);

const cases: AccessCase[] = [
  ['listCollectionsInOrganizationById', anyMember, (user) =>
    user.client.call('listCollectionsInOrganizationById', { params: { organizationId: test.t.organizationId } })],
  ['createCollection', atLeast('create'), (user) =>
    user.client.call('createCollection', { params: { organizationId: test.t.organizationId } })],
  ['getCollectionById', atLeast('read'), async (user) =>
    user.client.call('getCollectionById', { params: { collectionId: (await fresh()).id } })],
  ['deleteCollectionById', atLeast('admin'), async (user) =>
    user.client.call('deleteCollectionById', { params: { collectionId: (await fresh()).id } })],
  ['updateCollectionById', atLeast('admin'), async (user) =>
    user.client.call('updateCollectionById', { params: { collectionId: (await fresh()).id }, body: { title: 'Renamed' } })],
  ['listSpacesInCollectionById', atLeast('read'), async (user) =>
    user.client.call('listSpacesInCollectionById', { params: { collectionId: (await fresh()).id } })],
  ['moveCollection', atLeast('admin'), async (user) => {
    const [moving, parent] = [await fresh(), await fresh()];
    return user.client.call('moveCollection', { params: { collectionId: moving.id }, body: { parent: parent.id } });
  }],
  ['transferCollection', atLeast('admin'), async (user) =>
    user.client.call('transferCollection', { params: { collectionId: (await fresh()).id }, body: { organization: test.target } })],
];

describeAccess(test, cases);

describe('collection permissions', () => {
  it.each(CALLERS)('agree with what the engine allows %s', async (caller) => {
    const user = test.users[caller];
    const { id } = await fresh();
    const seen = await user.client.call('getCollectionById', { params: { collectionId: id } });
    const admin = await user.client.call('updateCollectionById', { params: { collectionId: id }, body: {} });
    const create = await user.client.call('createSpace', { params: { organizationId: test.t.organizationId }, body: { parent: id } });
    const allowed = { view: seen.ok, admin: admin.ok, viewInviteLinks: admin.ok, create: create.ok };
    const none = { view: false, admin: false, viewInviteLinks: false, create: false };
    expect(seen.ok ? seen.data.permissions : none).toEqual(allowed);
  });
});
