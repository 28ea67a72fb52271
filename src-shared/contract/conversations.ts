import { z } from 'zod';
import { EntityId, JSONDocument, ListOrder, ListQuery, Timestamp, listOf } from './common.js';
import { InOrganization } from './content-tree.js';
import { defineOperation } from './operation.js';

/** `integration:<integration>:<installation>`, or `email` (REFERENCE §4.1). */
export const ConversationSource = z
  .union([z.string().regex(/^integration:[^:]+:[^:]+$/, 'must be integration:<name>:<installation> or email'), z.literal('email')])
  .meta({ id: 'ConversationSource' });

export const Impact = z.enum(['low', 'medium', 'high']).meta({ id: 'ConversationImpact' });
export type Impact = z.infer<typeof Impact>;

export const ConversationPart = z
  .object({
    type: z.literal('message'),
    role: z.enum(['user', 'assistant', 'team-member']),
    body: z.string().max(100_000),
  })
  .meta({ id: 'ConversationPartMessage' });
export type ConversationPart = z.infer<typeof ConversationPart>;

export const ConversationMetadata = z
  .object({
    url: z.string().max(2048).optional(),
    attributes: z.record(z.string().max(255), z.string().max(2048)).optional(),
    createdAt: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'ConversationMetadata' });

/**
 * One conversation to ingest. `source` is Folio's addition: the reference service takes it from
 * the integration installation that calls; Folio's tokens are users', so the body names it
 * (default `email`, docs/conversations.md).
 */
export const ConversationInput = z
  .object({
    id: z.string().min(1).max(255),
    subject: z.string().max(512).optional(),
    parts: z.array(ConversationPart).max(500),
    metadata: ConversationMetadata.optional(),
    source: ConversationSource.optional(),
  })
  .meta({ id: 'ConversationInput' });
export type ConversationInput = z.infer<typeof ConversationInput>;

/** At most this many conversations per ingest call. */
export const MAX_INGEST_BATCH = 1000;

export const Conversation = z
  .object({
    object: z.literal('conversation'),
    id: z.string(),
    subject: z.string().optional(),
    createdAt: Timestamp,
    processedAt: Timestamp.optional(),
    source: z.string(),
    impact: Impact,
    urls: z.object({ location: z.string(), source: z.string().optional() }),
  })
  .meta({ id: 'Conversation' });

export const IssuesCluster = z
  .object({
    object: z.literal('issues-cluster'),
    id: z.string(),
    label: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    icon: z.string().max(50),
    summary: JSONDocument,
    /** Muted clusters are left out of change request creation. */
    muted: z.boolean(),
    impact: Impact,
    /** Issues per week over the 13 weeks ending now, oldest first. */
    weeklyPulse: z.array(z.number()).length(13),
    sources: z.record(z.string(), z.number()),
    stats: z.object({ issues: z.number().int(), conversations: z.number().int() }),
    urls: z.object({ location: z.string() }),
  })
  .meta({ id: 'ConversationsIssuesCluster' });

export const ConversationIssue = z
  .object({
    object: z.literal('conversation-issue'),
    id: z.string(),
    title: z.string(),
    details: JSONDocument,
    impact: Impact,
    createdAt: Timestamp,
    ingestedAt: Timestamp,
    conversation: z.string(),
    cluster: z.string().optional(),
    urls: z.object({ location: z.string() }),
  })
  .meta({ id: 'ConversationIssue' });

const IssueWithConversation = z.object({ issue: ConversationIssue, conversation: Conversation });

const ClusterParams = InOrganization.extend({ clusterId: EntityId });

const CLUSTER_ORDER_BY = ['updatedAt', 'issues', 'conversations'] as const;

export const conversations = {
  listConversationsIssuesClusters: defineOperation({
    id: 'listConversationsIssuesClusters',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/conversations-clusters',
    summary: "List an organization's issue clusters",
    params: InOrganization,
    query: ListQuery.extend({ order: ListOrder, orderBy: z.enum(CLUSTER_ORDER_BY).default('updatedAt') }),
    success: 200,
    response: listOf(IssuesCluster),
  }),
  getConversationsIssuesCluster: defineOperation({
    id: 'getConversationsIssuesCluster',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/conversations-clusters/{clusterId}',
    summary: 'Get an issue cluster',
    params: ClusterParams,
    success: 200,
    response: IssuesCluster,
  }),
  updateConversationsIssuesCluster: defineOperation({
    id: 'updateConversationsIssuesCluster',
    method: 'PATCH',
    path: '/v1/orgs/{organizationId}/conversations-clusters/{clusterId}',
    summary: 'Mute or unmute an issue cluster',
    params: ClusterParams,
    body: z.object({ muted: z.boolean() }),
    success: 200,
    response: IssuesCluster,
  }),
  listConversations: defineOperation({
    id: 'listConversations',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/conversations',
    summary: "List an organization's conversations, newest first",
    params: InOrganization,
    query: ListQuery.extend({ source: ConversationSource.optional() }),
    success: 200,
    response: listOf(Conversation),
  }),
  ingestConversation: defineOperation({
    id: 'ingestConversation',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/conversations',
    summary: 'Ingest one conversation or an array of them; each is analysed into issues and clustered',
    params: InOrganization,
    body: z.union([ConversationInput, z.array(ConversationInput).max(MAX_INGEST_BATCH)]),
    maxBodyBytes: 16 * 1024 * 1024,
    success: 204,
  }),
  getConversationById: defineOperation({
    id: 'getConversationById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/conversations/{conversationId}',
    summary: 'Get a conversation with its parts and metadata',
    params: InOrganization.extend({ conversationId: EntityId }),
    success: 200,
    response: z.object({
      conversation: Conversation,
      parts: z.array(ConversationPart),
      metadata: z.object({
        url: z.string().optional(),
        attributes: z.record(z.string(), z.string()),
        createdAt: Timestamp.optional(),
      }),
    }),
  }),
  listConversationsIssues: defineOperation({
    id: 'listConversationsIssues',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/conversations-issues',
    summary: "List an organization's conversation issues, newest first",
    params: InOrganization,
    query: ListQuery.extend({ cluster: EntityId.optional(), conversation: EntityId.optional() }),
    success: 200,
    response: listOf(IssueWithConversation),
  }),
  getConversationIssueById: defineOperation({
    id: 'getConversationIssueById',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/conversations-issues/{issueId}',
    summary: 'Get a conversation issue with its conversation',
    params: InOrganization.extend({ issueId: EntityId }),
    success: 200,
    response: IssueWithConversation,
  }),
};
