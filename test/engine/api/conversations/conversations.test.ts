import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationInput } from '../../../../src-shared/contract/conversations.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

const org = () => ({ organizationId: t.organizationId });
const ingest = (body: ConversationInput | ConversationInput[]) => t.owner.client.call('ingestConversation', { params: org(), body });
const user = (body: string) => ({ type: 'message' as const, role: 'user' as const, body });
const DAY = 24 * 60 * 60 * 1000;

/** Every issue of a conversation, found through the list's `conversation` filter. */
async function issuesOfConversation(conversation: string) {
  return ok(await t.owner.client.call('listConversationsIssues', { params: org(), query: { conversation } })).items;
}

async function conversationBySubject(subject: string) {
  const list = ok(await t.owner.client.call('listConversations', { params: org(), query: { limit: 1000 } }));
  return list.items.find((c) => c.subject === subject)!;
}

describe('ingesting conversations', () => {
  it('takes one conversation or an array, answers 204, and lists them newest first with the source filter', async () => {
    const one = await ingest({ id: 'a-1', subject: 'Export to PDF fails', parts: [user('The PDF export fails with an error.')] });
    expect(one.status).toBe(204);
    const many = await ingest([
      { id: 'b-1', subject: 'PDF export broken', source: 'integration:intercom:acme', parts: [user('Exporting a PDF gives a blank file.')] },
      { id: 'b-2', subject: 'Invoice is wrong', source: 'integration:intercom:acme', parts: [user('Our invoice lists the wrong number of seats.')] },
    ]);
    expect(many.status).toBe(204);
    const all = ok(await t.owner.client.call('listConversations', { params: org() }));
    expect(all.items.map((c) => c.subject).slice(0, 3)).toEqual(['Invoice is wrong', 'PDF export broken', 'Export to PDF fails']);
    const intercom = ok(await t.owner.client.call('listConversations', { params: org(), query: { source: 'integration:intercom:acme' } }));
    expect(intercom.items.map((c) => c.subject)).toEqual(['Invoice is wrong', 'PDF export broken']);
    expect(all.items.find((c) => c.subject === 'Export to PDF fails')!.source).toBe('email');
  });

  it('answers the detail with its parts and metadata, and 404 for an unknown id', async () => {
    await ingest({
      id: 'detail-1',
      subject: 'Search finds nothing',
      parts: [user('Search returns no results.'), { type: 'message', role: 'assistant', body: 'Which space?' }],
      metadata: { url: 'https://support.example.com/t/1', attributes: { plan: 'business' }, createdAt: '2025-12-20T10:00:00Z' },
    });
    const { id } = await conversationBySubject('Search finds nothing');
    const detail = ok(await t.owner.client.call('getConversationById', { params: { ...org(), conversationId: id } }));
    expect(detail.conversation).toMatchObject({ object: 'conversation', id, source: 'email', createdAt: '2025-12-20T10:00:00.000Z' });
    expect(detail.conversation.urls.source).toBe('https://support.example.com/t/1');
    expect(detail.parts).toHaveLength(2);
    expect(detail.metadata).toEqual({ url: 'https://support.example.com/t/1', attributes: { plan: 'business' }, createdAt: '2025-12-20T10:00:00.000Z' });
    expectFailure(await t.owner.client.call('getConversationById', { params: { ...org(), conversationId: 'missing' } }), 404, 'Conversation not found');
  });

  it('refuses invalid input at the boundary, naming the field, and stores nothing of a refused batch', async () => {
    const before = ok(await t.owner.client.call('listConversations', { params: org(), query: { limit: 0 } })).count;
    expectFailure(await ingest({ id: '', parts: [] }), 400, /^body/);
    expectFailure(await ingest({ id: 'x'.repeat(256), parts: [] }), 400, /^body/);
    expectFailure(await ingest({ id: 'x', subject: 's'.repeat(513), parts: [] }), 400, /^body/);
    expectFailure(await ingest({ id: 'x', source: 'slack' as 'email', parts: [] }), 400, /^body/);
    const badRole = { id: 'x', parts: [{ type: 'message', role: 'bot', body: 'hi' }] } as unknown as ConversationInput;
    expectFailure(await ingest([{ id: 'ok', parts: [user('fine')] }, badRole]), 400, /^body/);
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ id: `n${i}`, parts: [] }));
    expectFailure(await ingest(tooMany), 400, /^body/);
    expectFailure(await t.owner.client.call('listConversations', { params: org(), query: { source: 'nope' } }), 400, /^query\.source/);
    expect(ok(await t.owner.client.call('listConversations', { params: org(), query: { limit: 0 } })).count).toBe(before);
  });

  it('replaces a conversation ingested again from the same source, keeping its id', async () => {
    await ingest({ id: 're-1', subject: 'Mobile app crashes on launch', parts: [user('The iOS app crashes on launch.')] });
    const first = await conversationBySubject('Mobile app crashes on launch');
    const [before] = await issuesOfConversation(first.id);
    await ingest({ id: 're-1', subject: 'Mobile app crashes on launch', parts: [user('The iOS app crashes on launch.'), user('Also, dark mode is ignored on Android?')] });
    const again = await conversationBySubject('Mobile app crashes on launch');
    expect(again.id).toBe(first.id);
    const after = await issuesOfConversation(first.id);
    expect(after.map((row) => row.issue.title)).toEqual(['Dark mode is ignored on Android?', 'Mobile app crashes on launch']);
    expect(after[1]!.issue.cluster).toBe(before!.issue.cluster);
  });

  it('keeps a cluster whose only conversation is sent again reworded, and deletes one left empty', async () => {
    const params = { ...org(), clusterId: '' };
    await ingest({ id: 'solo', subject: 'Webhooks to Zapier never fire', parts: [user('Our Zapier webhook never fires.')] });
    const solo = await conversationBySubject('Webhooks to Zapier never fire');
    params.clusterId = (await issuesOfConversation(solo.id))[0]!.issue.cluster!;
    await ingest({ id: 'solo', subject: 'Zapier webhook silent', parts: [user('No webhook call reaches Zapier at all.')] });
    expect((await issuesOfConversation(solo.id))[0]!.issue.cluster).toBe(params.clusterId);
    expect(ok(await t.owner.client.call('getConversationsIssuesCluster', { params })).stats.issues).toBe(1);
    await ingest({ id: 'solo', subject: 'Thanks', parts: [user('Thanks, all good now.')] });
    expect(await issuesOfConversation(solo.id)).toEqual([]);
    expectFailure(await t.owner.client.call('getConversationsIssuesCluster', { params }), 404);
  });
});

describe('analysis into issues', () => {
  it('finds one issue per topic, none in chatter, with details as a Document and an impact', async () => {
    await ingest([
      {
        id: 'an-1',
        subject: 'Data loss after sync',
        parts: [user('GitHub sync deleted our pages and we lost all our work, urgent!'), user('Also, how do I change the sync branch?')],
        metadata: { attributes: { plan: 'enterprise' } },
      },
      { id: 'an-2', subject: 'Thanks!', parts: [user('Thanks a lot, that fixed it. Have a great day!')] },
    ]);
    const lossy = await conversationBySubject('Data loss after sync');
    expect(lossy.impact).toBe('high');
    const issues = (await issuesOfConversation(lossy.id)).map((row) => row.issue).reverse();
    expect(issues.map((i) => [i.title, i.impact])).toEqual([
      ['Data loss after sync', 'high'],
      ['How do I change the sync branch?', 'low'],
    ]);
    expect(issues[0]!.details.nodes[0]).toMatchObject({ object: 'block', type: 'paragraph' });
    expect(JSON.stringify(issues[0]!.details)).toContain('we lost all our work');
    const chatter = await conversationBySubject('Thanks!');
    expect(await issuesOfConversation(chatter.id)).toEqual([]);
    expect(chatter.impact).toBe('low');
  });

  it('gets an issue with its conversation, 404 for an unknown one', async () => {
    const [row] = ok(await t.owner.client.call('listConversationsIssues', { params: org(), query: { limit: 1 } })).items;
    const got = ok(await t.owner.client.call('getConversationIssueById', { params: { ...org(), issueId: row!.issue.id } }));
    expect(got).toEqual(row);
    expect(got.issue.urls.location).toMatch(new RegExp(`/v1/orgs/${t.organizationId}/conversations-issues/${row!.issue.id}$`));
    expectFailure(await t.owner.client.call('getConversationIssueById', { params: { ...org(), issueId: 'missing' } }), 404, 'Conversation issue not found');
  });
});

describe('issue clusters', () => {
  let clusterId: string;
  beforeAll(async () => {
    const now = t.clock.now().getTime();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    await ingest([
      { id: 'cl-1', subject: 'Custom domain SSL certificate pending', parts: [user('The SSL certificate for our custom domain is pending.')], metadata: { createdAt: at(1) } },
      { id: 'cl-2', subject: 'SSL certificate not issued for custom domain', source: 'integration:zendesk:help', parts: [user('Our custom domain has no SSL certificate yet.')], metadata: { createdAt: at(8) } },
      { id: 'cl-3', subject: 'Custom domain certificate error', parts: [user('Browsers show a certificate error on our custom domain.')], metadata: { createdAt: at(200) } },
    ]);
    const cluster = (await issuesOfConversation((await conversationBySubject('Custom domain SSL certificate pending')).id))[0]!.issue.cluster!;
    clusterId = cluster;
  });

  it('groups similar reports into one cluster with label, icon, sources, stats, impact and a 13-week pulse', async () => {
    const cluster = ok(await t.owner.client.call('getConversationsIssuesCluster', { params: { ...org(), clusterId } }));
    expect(cluster).toMatchObject({
      object: 'issues-cluster',
      id: clusterId,
      label: 'Custom domain SSL certificate pending',
      icon: 'globe',
      muted: false,
      impact: 'low',
      sources: { email: 2, 'integration:zendesk:help': 1 },
      stats: { issues: 3, conversations: 3 },
    });
    expect(cluster.weeklyPulse).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
    expect(JSON.stringify(cluster.summary)).toContain('3 issues from 3 conversations.');
    const members = ok(await t.owner.client.call('listConversationsIssues', { params: org(), query: { cluster: clusterId } }));
    expect(members.count).toBe(3);
  });

  it('moves the pulse along with the clock', async () => {
    t.clock.advance(7 * DAY);
    const cluster = ok(await t.owner.client.call('getConversationsIssuesCluster', { params: { ...org(), clusterId } }));
    expect(cluster.weeklyPulse).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0]);
    t.clock.advance(-7 * DAY);
  });

  it('keeps unrelated reports apart', async () => {
    const invoice = await conversationBySubject('Invoice is wrong');
    const [issue] = await issuesOfConversation(invoice.id);
    expect(issue!.issue.cluster).not.toBe(clusterId);
  });

  it('mutes and unmutes a cluster, 404 for an unknown one', async () => {
    const params = { ...org(), clusterId };
    expect(ok(await t.owner.client.call('updateConversationsIssuesCluster', { params, body: { muted: true } })).muted).toBe(true);
    expect(ok(await t.owner.client.call('getConversationsIssuesCluster', { params })).muted).toBe(true);
    expect(ok(await t.owner.client.call('updateConversationsIssuesCluster', { params, body: { muted: false } })).muted).toBe(false);
    expectFailure(await t.owner.client.call('updateConversationsIssuesCluster', { params, body: {} as { muted: boolean } }), 400, /^body\.muted/);
    const missing = { ...org(), clusterId: 'missing' };
    expectFailure(await t.owner.client.call('updateConversationsIssuesCluster', { params: missing, body: { muted: true } }), 404);
    expectFailure(await t.owner.client.call('getConversationsIssuesCluster', { params: missing }), 404);
  });

  it('lists clusters by order and orderBy, paging through every one once', async () => {
    const list = (query: { order?: 'asc' | 'desc'; orderBy?: 'updatedAt' | 'issues' | 'conversations'; limit?: number; page?: string }) =>
      t.owner.client.call('listConversationsIssuesClusters', { params: org(), query });
    const byIssues = ok(await list({ orderBy: 'issues' })).items;
    expect(byIssues[0]!.id).toBe(clusterId);
    const counts = byIssues.map((c) => c.stats.issues);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const ascending = ok(await list({ orderBy: 'issues', order: 'asc' })).items.map((c) => c.id);
    expect(ascending).toEqual(byIssues.map((c) => c.id).reverse());
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const result = ok(await list({ orderBy: 'conversations', limit: 2, page }));
      seen.push(...result.items.map((c) => c.id));
      page = result.next?.page;
    } while (page);
    expect(seen.sort()).toEqual(byIssues.map((c) => c.id).sort());
    expectFailure(await list({ orderBy: 'tasks' as 'issues' }), 400, /^query\.orderBy/);
  });

  it('filters change requests by the cluster their subject or description names', async () => {
    const space = await newSpace(t.owner, t.organizationId);
    const create = (subject: string) => t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject } });
    const linked = ok(await create(`Document SSL setup (cluster ${clusterId})`));
    const other = ok(await create('Unrelated change'));
    expect(linked.conversationsIssuesCluster).toBe(clusterId);
    expect(other.conversationsIssuesCluster).toBeUndefined();
    const description = {
      object: 'document' as const,
      data: {},
      nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: `Fixes ${clusterId}`, marks: [] }] }] }],
    };
    const patched = ok(await t.owner.client.call('updateChangeRequestById', { params: { spaceId: space.id, changeRequestId: other.id }, body: { description } }));
    expect(patched.conversationsIssuesCluster).toBe(clusterId);
    const inSpace = ok(await t.owner.client.call('listChangeRequestsForSpace', { params: { spaceId: space.id }, query: { conversationsIssuesCluster: clusterId } }));
    expect(inSpace.items.map((cr) => cr.id).sort()).toEqual([linked.id, other.id].sort());
    const inOrg = ok(await t.owner.client.call('listChangeRequestsForOrganization', { params: org(), query: { conversationsIssuesCluster: clusterId } }));
    expect(inOrg.count).toBe(2);
    const none = ok(await t.owner.client.call('listChangeRequestsForSpace', { params: { spaceId: space.id }, query: { conversationsIssuesCluster: 'nothing' } }));
    expect(none.count).toBe(0);
  });
});
