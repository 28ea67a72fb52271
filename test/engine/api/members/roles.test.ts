import { describe, expect, it } from 'vitest';
import { CALLERS, serverWithCallers, roleOf, type Caller } from '../../../support/roles.js';
import type { TestServer, TestUser } from '../../../support/server.js';
import { itChecksAccess } from './people.js';

let t: TestServer;
let users: Record<Caller, TestUser>;
serverWithCallers((server, callers) => {
  t = server;
  users = callers;
});

const member = (c: Caller) => c !== 'outsider';
const nonGuest = (c: Caller) => member(c) && c !== 'guest';
const admin = (c: Caller) => c === 'admin';
const org = () => ({ organizationId: t.organizationId });
/** Someone else to act upon; a fresh one each time, since some calls remove or demote them. */
const target = () => ({ ...org(), userId: t.user('read').id });
/** A caller of the given kind who may be spent (for leaving the organization). */
const spare = (c: Caller) => (c === 'outsider' ? t.user() : t.user(roleOf(c)));

/** Every member operation and who may call it. */
const operations: { name: string; allowed: (c: Caller) => boolean; call: (c: Caller) => Promise<{ status: number }> }[] = [
  { name: 'listMembersInOrganizationById', allowed: nonGuest, call: (c) => users[c].client.call('listMembersInOrganizationById', { params: org() }) },
  { name: 'getMemberInOrganizationById (another)', allowed: nonGuest, call: (c) => users[c].client.call('getMemberInOrganizationById', { params: { ...org(), userId: t.owner.id } }) },
  { name: 'getMemberInOrganizationById (self)', allowed: member, call: (c) => users[c].client.call('getMemberInOrganizationById', { params: { ...org(), userId: users[c].id } }) },
  { name: 'removeMemberFromOrganizationById (another)', allowed: admin, call: (c) => users[c].client.call('removeMemberFromOrganizationById', { params: target() }) },
  {
    name: 'removeMemberFromOrganizationById (leaving)',
    allowed: member,
    call: (c) => {
      const leaver = spare(c);
      return leaver.client.call('removeMemberFromOrganizationById', { params: { ...org(), userId: leaver.id } });
    },
  },
  { name: 'updateMemberInOrganizationById', allowed: admin, call: (c) => users[c].client.call('updateMemberInOrganizationById', { params: target(), body: { role: 'comment' } }) },
  { name: 'updateOrganizationMemberLastSeenAt', allowed: member, call: (c) => users[c].client.call('updateOrganizationMemberLastSeenAt', { params: org() }) },
  { name: 'setUserAsSSOMemberForOrganization', allowed: admin, call: (c) => users[c].client.call('setUserAsSSOMemberForOrganization', { params: target() }) },
  { name: 'listSpacesForOrganizationMember (another)', allowed: admin, call: (c) => users[c].client.call('listSpacesForOrganizationMember', { params: { ...org(), userId: t.owner.id } }) },
  { name: 'listSpacesForOrganizationMember (self)', allowed: member, call: (c) => users[c].client.call('listSpacesForOrganizationMember', { params: { ...org(), userId: users[c].id } }) },
  { name: 'listTeamsForOrganizationMember', allowed: nonGuest, call: (c) => users[c].client.call('listTeamsForOrganizationMember', { params: { ...org(), userId: t.owner.id } }) },
];

describe('member operations by role', () => {
  itChecksAccess(operations);

  it.each(CALLERS.filter(member))("the organization's listMembers flag of %s agrees with the engine", async (caller) => {
    const res = await users[caller].client.call('getOrganizationById', { params: org() });
    if (!res.ok) throw new Error(`members can read their organization (${res.status})`);
    expect(res.data.permissions.listMembers).toBe(nonGuest(caller));
    expect(res.data.permissions.admin).toBe(admin(caller));
  });
});
