import type { conversations } from '../../../../src-shared/contract/conversations.js';
import { paginate } from '../../core/pagination.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { forbidden, isFailure, notFound, type Handlers } from '../../core/pipeline/index.js';
import { requireOrganization } from '../../domain/orgs/rules.js';
import { ingestConversations } from '../../domain/conversations/ingest.js';
import { canConversations } from '../../domain/conversations/rules.js';
import { toCluster, toConversation, toIssue } from '../../domain/conversations/serialize.js';
import * as sql from '../../domain/conversations/sql.js';

const CLUSTER_NOT_FOUND = 'No matching issues cluster found for given id';

export const conversationsHandlers: Handlers<typeof conversations> = {
  listConversationsIssuesClusters(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, canConversations.read);
    if (isFailure(access)) return access;
    const page = paginate<sql.ClusterRow>(ctx.db, sql.clustersOf(params.organizationId, query.orderBy, query.order), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((row) => toCluster(ctx, row)) };
  },

  getConversationsIssuesCluster(ctx, { params }) {
    const access = requireOrganization(ctx, params.organizationId, canConversations.read);
    if (isFailure(access)) return access;
    const cluster = sql.findCluster(ctx.db, params.organizationId, params.clusterId);
    return cluster ? toCluster(ctx, cluster) : notFound(CLUSTER_NOT_FOUND);
  },

  updateConversationsIssuesCluster(ctx, { params, body }) {
    const access = requireOrganization(ctx, params.organizationId, canConversations.read);
    if (isFailure(access)) return access;
    const cluster = sql.findCluster(ctx.db, params.organizationId, params.clusterId);
    if (!cluster) return notFound(CLUSTER_NOT_FOUND);
    if (!canConversations.mute(access.role)) return forbidden();
    sql.setMuted(ctx.db, cluster.id, body.muted);
    return toCluster(ctx, { ...cluster, muted: body.muted ? 1 : 0 });
  },

  listConversations(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, canConversations.read);
    if (isFailure(access)) return access;
    const page = paginate<sql.ConversationRow>(ctx.db, sql.conversationsOf(params.organizationId, query.source), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((row) => toConversation(ctx, row)) };
  },

  ingestConversation(ctx, { params, body }) {
    const access = requireOrganization(ctx, params.organizationId, canConversations.ingest);
    if (isFailure(access)) return access;
    ingestConversations(ctx.db, params.organizationId, Array.isArray(body) ? body : [body], ctx.now);
    return undefined;
  },

  getConversationById(ctx, { params }) {
    const access = requireOrganization(ctx, params.organizationId, canConversations.read);
    if (isFailure(access)) return access;
    const row = sql.findConversation(ctx.db, params.organizationId, params.conversationId);
    if (!row) return notFound('Conversation not found');
    const metadata = JSON.parse(row.metadata) as { url?: string; attributes: Record<string, string>; createdAt?: string };
    return { conversation: toConversation(ctx, row), parts: JSON.parse(row.parts) as sql.NewConversation['parts'], metadata };
  },

  listConversationsIssues(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, canConversations.read);
    if (isFailure(access)) return access;
    const filter = { cluster: query.cluster, conversation: query.conversation };
    const page = paginate<sql.IssueRow>(ctx.db, sql.issuesOf(params.organizationId, filter), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((row) => withConversation(ctx, row)) };
  },

  getConversationIssueById(ctx, { params }) {
    const access = requireOrganization(ctx, params.organizationId, canConversations.read);
    if (isFailure(access)) return access;
    const row = sql.findIssue(ctx.db, params.organizationId, params.issueId);
    return row ? withConversation(ctx, row) : notFound('Conversation issue not found');
  },
};

function withConversation(ctx: RequestContext, row: sql.IssueRow) {
  const conversation = sql.findConversation(ctx.db, row.organization_id, row.conversation_id)!;
  return { issue: toIssue(ctx, row), conversation: toConversation(ctx, conversation) };
}
