import { describe, expect, it } from 'vitest';
import { anyMember, atLeast, describeAccess, roleTestServer, type AccessCase } from '../../../support/access.js';
import { newSpace, ok } from '../../../support/content.js';
import { CALLERS, type Caller } from '../../../support/roles.js';

const test = roleTestServer();

/** A fresh space with one change request, both the owner's. */
async function fresh() {
  const space = await newSpace(test.t.owner, test.t.organizationId);
  const cr = ok(await test.t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Owner' } }));
  return { spaceId: space.id, changeRequestId: cr.id };
}

const cases: AccessCase[] = [
  ['listChangeRequestsForSpace', atLeast('read'), async (user) =>
    user.client.call('listChangeRequestsForSpace', { params: { spaceId: (await fresh()).spaceId } })],
  ['createChangeRequest', atLeast('edit'), async (user) =>
    user.client.call('createChangeRequest', { params: { spaceId: (await fresh()).spaceId }, body: { subject: 'New' } })],
  ['getChangeRequestById', atLeast('read'), async (user) =>
    user.client.call('getChangeRequestById', { params: await fresh() })],
  ['updateChangeRequestById (subject)', atLeast('edit'), async (user) =>
    user.client.call('updateChangeRequestById', { params: await fresh(), body: { subject: 'Edited' } })],
  ["updateChangeRequestById (status of another's)", atLeast('review'), async (user) =>
    user.client.call('updateChangeRequestById', { params: await fresh(), body: { status: 'archived' } })],
  ['mergeChangeRequest', atLeast('review'), async (user) =>
    user.client.call('mergeChangeRequest', { params: await fresh() })],
  ['updateChangeRequest', atLeast('edit'), async (user) =>
    user.client.call('updateChangeRequest', { params: await fresh() })],
  ['listChangeRequestsForOrganization', anyMember, (user) =>
    user.client.call('listChangeRequestsForOrganization', { params: { organizationId: test.t.organizationId } })],
];

describeAccess(test, cases);

describe('the status of their own change request', () => {
  const mayCreate = atLeast('edit');
  it.each(CALLERS.filter((caller: Caller) => mayCreate(caller)))('is set by its author as %s', async (caller) => {
    const user = test.users[caller];
    const space = await newSpace(test.t.owner, test.t.organizationId);
    const cr = ok(await user.client.call('createChangeRequest', { params: { spaceId: space.id }, body: {} }));
    const params = { spaceId: space.id, changeRequestId: cr.id };
    expect(ok(await user.client.call('updateChangeRequestById', { params, body: { status: 'draft' } })).status).toBe('draft');
  });
});

describe('the organization-wide list', () => {
  it('shows a guest only the change requests of spaces they were given', async () => {
    const { spaceId, changeRequestId } = await fresh();
    const guest = test.users.guest;
    const before = ok(await guest.client.call('listChangeRequestsForOrganization', { params: { organizationId: test.t.organizationId } }));
    expect(before.items.map((cr) => cr.id)).not.toContain(changeRequestId);
    ok(await test.t.owner.client.call('inviteToSpace', { params: { spaceId }, body: { users: [guest.id], role: 'read' } }));
    const after = ok(await guest.client.call('listChangeRequestsForOrganization', { params: { organizationId: test.t.organizationId } }));
    expect(after.items.map((cr) => cr.id)).toContain(changeRequestId);
  });
});
