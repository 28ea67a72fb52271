import { describe, expect, it } from 'vitest';
import { CALLERS, serverWithCallers, type Caller } from '../../../support/roles.js';
import type { TestServer, TestUser } from '../../../support/server.js';
import { itChecksAccess } from '../members/people.js';

let t: TestServer;
let users: Record<Caller, TestUser>;
serverWithCallers((server, callers) => {
  t = server;
  users = callers;
});

const admin = (c: Caller) => c === 'admin';
const org = () => ({ organizationId: t.organizationId });
/** A fresh provider to act upon (calls may delete it). */
async function provider() {
  const res = await t.owner.client.call('createOrganizationSAMLProvider', { params: org(), body: { label: 'Target' } });
  if (!res.ok) throw new Error(`cannot create a provider (${res.status})`);
  return { ...org(), samlProviderId: res.data.id };
}

/** Every SSO operation and who may call it. */
const operations: { name: string; allowed: (c: Caller) => boolean; call: (u: TestUser) => Promise<{ status: number }> }[] = [
  { name: 'listSAMLProvidersInOrganizationById', allowed: admin, call: (u) => u.client.call('listSAMLProvidersInOrganizationById', { params: org() }) },
  { name: 'createOrganizationSAMLProvider', allowed: admin, call: (u) => u.client.call('createOrganizationSAMLProvider', { params: org(), body: { label: 'New' } }) },
  { name: 'getOrganizationSAMLProviderById', allowed: admin, call: async (u) => u.client.call('getOrganizationSAMLProviderById', { params: await provider() }) },
  { name: 'deleteOrganizationSAMLProvider', allowed: admin, call: async (u) => u.client.call('deleteOrganizationSAMLProvider', { params: await provider() }) },
  { name: 'updateOrganizationSAMLProvider', allowed: admin, call: async (u) => u.client.call('updateOrganizationSAMLProvider', { params: await provider(), body: { label: 'Renamed' } }) },
  { name: 'listSSOProviderLoginsInOrganization', allowed: () => true, call: (u) => u.client.call('listSSOProviderLoginsInOrganization', { params: org() }) },
];

describe('SSO operations by role', () => {
  itChecksAccess(operations.map((op) => ({ ...op, call: (c: Caller) => op.call(users[c]) })));

  it.each(CALLERS.filter((c) => c !== 'outsider'))("the organization's admin flag of %s agrees with the engine", async (caller) => {
    const res = await users[caller].client.call('getOrganizationById', { params: org() });
    if (!res.ok) throw new Error(`members read their organization (${res.status})`);
    expect(res.data.permissions.admin).toBe(admin(caller));
  });

  it("the default team's permissions agree with what the admin may do with it", async () => {
    const team = await t.owner.client.call('createOrganizationTeam', { params: org(), body: { title: 'Default' } });
    if (!team.ok) throw new Error('create failed');
    const res = await users.admin.client.call('createOrganizationSAMLProvider', {
      params: org(),
      body: { label: 'With team', defaultTeam: team.data.id },
    });
    if (!res.ok) throw new Error('create failed');
    expect(res.data.defaultTeam?.permissions).toEqual({ admin: true, view: true });
    const params = { ...org(), teamId: team.data.id };
    expect((await users.admin.client.call('updateTeamInOrganizationById', { params, body: { title: 'Renamed' } })).status).toBe(200);
  });
});
