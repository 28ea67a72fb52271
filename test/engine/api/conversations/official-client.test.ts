import { GitBookAPIError } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { officialClientServer } from '../../../support/official-client.js';

/** The public client of the service our API follows (0.146.0 has seven of the eight calls), pointed at Folio. */
const test = officialClientServer();

describe('@gitbook/api conversation calls against Folio', () => {
  it('ingests, lists and reads conversations, issues and clusters', async () => {
    const { t, api } = test;
    const orgId = t.organizationId;
    const ingested = await api.orgs.ingestConversation(orgId, [
      { id: 'oc-1', subject: 'Search returns nothing', parts: [{ type: 'message', role: 'user', body: 'Search finds no results for existing pages.' }] },
      { id: 'oc-2', subject: 'Search results empty', parts: [{ type: 'message', role: 'user', body: 'Searching for a page title gives empty results.' }] },
    ]);
    expect(ingested.status).toBe(204);
    const conversations = (await api.orgs.listConversations(orgId, { source: 'email' })).data;
    expect(conversations.items.map((c) => c.subject)).toEqual(['Search results empty', 'Search returns nothing']);
    const detail = (await api.orgs.getConversationById(orgId, conversations.items[0]!.id)).data;
    expect(detail.parts[0]!.body).toContain('empty results');
    const clusters = (await api.orgs.listConversationsIssuesClusters(orgId, { orderBy: 'issues', order: 'desc' })).data;
    expect(clusters.items[0]!.stats.issues).toBe(2);
    expect(clusters.items[0]!.weeklyPulse).toHaveLength(13);
    const cluster = (await api.orgs.getConversationsIssuesCluster(orgId, clusters.items[0]!.id)).data;
    expect(cluster.label).toBe('Search returns nothing');
    const issues = (await api.orgs.listConversationsIssues(orgId, { cluster: cluster.id })).data;
    expect(issues.items).toHaveLength(2);
    const issue = (await api.orgs.getConversationIssueById(orgId, issues.items[0]!.issue.id)).data;
    expect(issue.conversation.id).toBe(conversations.items[0]!.id);
    const error = await api.orgs.getConversationIssueById(orgId, 'missing').catch((e: unknown) => e);
    expect((error as GitBookAPIError).code).toBe(404);
  });
});
