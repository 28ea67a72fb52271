import { describe, expect, it } from 'vitest';
import { CALLERS, serverWithCallers, expectAccess, type Caller } from '../../../support/roles.js';
import type { TestServer, TestUser } from '../../../support/server.js';

let t: TestServer;
let users: Record<Caller, TestUser>;
serverWithCallers((server, callers) => {
  t = server;
  users = callers;
});

const member = (c: Caller) => c !== 'outsider';
const admin = (c: Caller) => c === 'admin';
const doc = { object: 'document' as const, data: {}, nodes: [] };

/** Every organization operation, who may call it, and the permission flag that announces it. */
const operations: {
  name: string;
  allowed: (c: Caller) => boolean;
  flag?: 'view' | 'admin';
  call: (u: TestUser) => Promise<{ status: number }>;
}[] = [
  { name: 'getOrganizationById', allowed: member, flag: 'view', call: (u) => u.client.call('getOrganizationById', { params: { organizationId: t.organizationId } }) },
  { name: 'updateOrganizationById', allowed: admin, flag: 'admin', call: (u) => u.client.call('updateOrganizationById', { params: { organizationId: t.organizationId }, body: { ai: true } }) },
  { name: 'listOrganizationInviteLinks', allowed: admin, flag: 'admin', call: (u) => u.client.call('listOrganizationInviteLinks', { params: { organizationId: t.organizationId } }) },
  { name: 'createOrganizationInvite', allowed: admin, flag: 'admin', call: (u) => u.client.call('createOrganizationInvite', { params: { organizationId: t.organizationId }, body: { role: 'read' } }) },
  { name: 'deleteOrganizationInviteById', allowed: admin, flag: 'admin', call: (u) => u.client.call('deleteOrganizationInviteById', { params: { organizationId: t.organizationId, inviteId: 'none' } }) },
  { name: 'searchOrganizationContent', allowed: member, flag: 'view', call: (u) => u.client.call('searchOrganizationContent', { params: { organizationId: t.organizationId }, query: { query: 'x' } }) },
  { name: 'getOrganizationAgentInstructions', allowed: member, flag: 'view', call: (u) => u.client.call('getOrganizationAgentInstructions', { params: { organizationId: t.organizationId } }) },
  { name: 'updateOrganizationAgentInstructions', allowed: admin, flag: 'admin', call: (u) => u.client.call('updateOrganizationAgentInstructions', { params: { organizationId: t.organizationId }, body: { instructions: doc } }) },
  { name: 'listOrganizationsForAuthenticatedUser', allowed: () => true, call: (u) => u.client.call('listOrganizationsForAuthenticatedUser', { params: undefined }) },
  { name: 'joinOrganization', allowed: () => true, call: (u) => u.client.call('joinOrganization', { params: { organizationId: t.organizationId } }) },
];

describe('organization operations by role', () => {
  for (const op of operations) {
    it.each(CALLERS)(`${op.name} as %s`, async (caller) => {
      expectAccess(await op.call(users[caller]), op.allowed(caller), `${op.name} as ${caller}`);
    });
  }

  it.each(CALLERS.filter(member))('the permissions object of %s agrees with what is allowed', async (caller) => {
    const res = await users[caller].client.call('getOrganizationById', { params: { organizationId: t.organizationId } });
    if (!res.ok) throw new Error(`members can read their organization (${res.status})`);
    for (const op of operations.filter((o) => o.flag)) {
      expect(res.data.permissions[op.flag!], `${op.name} for ${caller}`).toBe(op.allowed(caller));
    }
  });
});
