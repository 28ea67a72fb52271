import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../support/content.js';
import { CALLERS, expectAccess, serverWithCallers, type Caller } from '../../../support/roles.js';
import type { TestServer, TestUser } from '../../../support/server.js';

let t: TestServer;
let users: Record<Caller, TestUser>;
serverWithCallers((server, callers) => {
  t = server;
  users = callers;
});

const ids = { conversationId: '', issueId: '', clusterId: '' };
beforeAll(async () => {
  const organizationId = t.organizationId;
  const body = { id: 'roles-1', subject: 'PDF export fails', parts: [{ type: 'message' as const, role: 'user' as const, body: 'The PDF export fails.' }] };
  ok(await t.owner.client.call('ingestConversation', { params: { organizationId }, body }));
  const [row] = ok(await t.owner.client.call('listConversationsIssues', { params: { organizationId } })).items;
  Object.assign(ids, { conversationId: row!.conversation.id, issueId: row!.issue.id, clusterId: row!.issue.cluster! });
});

const nonGuest = (c: Caller) => c !== 'outsider' && c !== 'guest';
const admin = (c: Caller) => c === 'admin';
const org = () => ({ organizationId: t.organizationId });

/** Members read conversations; admins ingest them and mute clusters (docs/conversations.md, "Access"). */
const OPERATIONS: { name: string; allowed: (c: Caller) => boolean; call: (u: TestUser) => Promise<{ status: number }> }[] = [
  { name: 'list clusters', allowed: nonGuest, call: (u) => u.client.call('listConversationsIssuesClusters', { params: org() }) },
  { name: 'get cluster', allowed: nonGuest, call: (u) => u.client.call('getConversationsIssuesCluster', { params: { ...org(), clusterId: ids.clusterId } }) },
  {
    name: 'mute cluster',
    allowed: admin,
    call: (u) => u.client.call('updateConversationsIssuesCluster', { params: { ...org(), clusterId: ids.clusterId }, body: { muted: false } }),
  },
  { name: 'list conversations', allowed: nonGuest, call: (u) => u.client.call('listConversations', { params: org() }) },
  {
    name: 'ingest',
    allowed: admin,
    call: (u) => u.client.call('ingestConversation', { params: org(), body: { id: `by-${u.id}`, parts: [{ type: 'message', role: 'user', body: 'Search is slow?' }] } }),
  },
  { name: 'get conversation', allowed: nonGuest, call: (u) => u.client.call('getConversationById', { params: { ...org(), conversationId: ids.conversationId } }) },
  { name: 'list issues', allowed: nonGuest, call: (u) => u.client.call('listConversationsIssues', { params: org() }) },
  { name: 'get issue', allowed: nonGuest, call: (u) => u.client.call('getConversationIssueById', { params: { ...org(), issueId: ids.issueId } }) },
];

describe('conversation roles', () => {
  for (const operation of OPERATIONS) {
    it(`${operation.name}: allowed exactly for its roles`, async () => {
      for (const caller of CALLERS) {
        const result = await operation.call(users[caller]);
        expectAccess(result, operation.allowed(caller), `${operation.name} as ${caller}`);
        if (operation.allowed(caller)) expect(result.status, `${operation.name} as ${caller}`).toBeLessThan(300);
      }
    });
  }

  it('announces ingesting in permissions.ingestConversations', async () => {
    for (const caller of CALLERS) {
      const got = await users[caller].client.call('getOrganizationById', { params: org() });
      if (got.ok) expect(got.data.permissions.ingestConversations, caller).toBe(admin(caller));
    }
  });
});
