import { describe, expect, it } from 'vitest';
import { roleAtLeast } from '../../../../src-shared/roles.js';
import { anyMember, atLeast, describeAccess, roleTestServer, type AccessCase } from '../../../support/access.js';
import { newCollection, newSpace, ok } from '../../../support/content.js';
import { CALLERS, roleOf } from '../../../support/roles.js';

const test = roleTestServer();

const fresh = () => newSpace(test.t.owner, test.t.organizationId);

const cases: AccessCase[] = [
  ['createSpace', atLeast('create'), (user) =>
    user.client.call('createSpace', { params: { organizationId: test.t.organizationId } })],
  ['listSpacesInOrganizationById', anyMember, (user) =>
    user.client.call('listSpacesInOrganizationById', { params: { organizationId: test.t.organizationId } })],
  ['getSpaceById', atLeast('read'), async (user) =>
    user.client.call('getSpaceById', { params: { spaceId: (await fresh()).id } })],
  ['deleteSpaceById', atLeast('admin'), async (user) =>
    user.client.call('deleteSpaceById', { params: { spaceId: (await fresh()).id } })],
  ['updateSpaceById', atLeast('admin'), async (user) =>
    user.client.call('updateSpaceById', { params: { spaceId: (await fresh()).id }, body: { title: 'Renamed' } })],
  ['duplicateSpace', atLeast('create'), async (user) =>
    user.client.call('duplicateSpace', { params: { spaceId: (await fresh()).id } })],
  ['restoreSpace', atLeast('admin'), async (user) => {
    const { id } = await fresh();
    ok(await test.t.owner.client.call('deleteSpaceById', { params: { spaceId: id } }));
    return user.client.call('restoreSpace', { params: { spaceId: id } });
  }],
  ['moveSpace', atLeast('admin'), async (user) => {
    const [space, parent] = [await fresh(), await newCollection(test.t.owner, test.t.organizationId)];
    return user.client.call('moveSpace', { params: { spaceId: space.id }, body: { parent: parent.id } });
  }],
  ['transferSpace', atLeast('admin'), async (user) =>
    user.client.call('transferSpace', { params: { spaceId: (await fresh()).id }, body: { organization: test.target } })],
  ['listSpaceLinks', atLeast('read'), async (user) =>
    user.client.call('listSpaceLinks', { params: { spaceId: (await fresh()).id } })],
];

describeAccess(test, cases);

describe('space permissions', () => {
  it.each(CALLERS)('agree with what the engine allows %s', async (caller) => {
    const user = test.users[caller];
    const { id } = await fresh();
    const seen = await user.client.call('getSpaceById', { params: { spaceId: id } });
    const admin = await user.client.call('updateSpaceById', { params: { spaceId: id }, body: {} });
    const deleted = await user.client.call('deleteSpaceById', { params: { spaceId: (await fresh()).id } });
    expect(admin.ok).toBe(deleted.ok);
    // Editing, commenting and reviewing have no operations here yet: their flags follow the role.
    const role = seen.ok ? roleOf(caller) : undefined;
    const allowed = {
      view: seen.ok,
      access: seen.ok,
      admin: admin.ok,
      viewInviteLinks: admin.ok,
      edit: roleAtLeast(role, 'edit'),
      triggerGitSync: roleAtLeast(role, 'edit'),
      comment: roleAtLeast(role, 'comment'),
      merge: roleAtLeast(role, 'review'),
      review: roleAtLeast(role, 'review'),
      installIntegration: admin.ok,
    };
    const none = Object.fromEntries(Object.keys(allowed).map((key) => [key, false]));
    expect(seen.ok ? seen.data.permissions : none).toEqual(allowed);
  });
});
