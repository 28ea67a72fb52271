import type { z } from 'zod';
import type { Conversation, ConversationIssue, IssuesCluster } from '../../../../src-shared/contract/conversations.js';
import type { JSONDocument } from '../../../../src-shared/contract/common.js';
import { pulseStart, weeklyPulse } from './pulse.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { issueDates, latestTitles, sourceCounts, type ClusterRow, type ConversationRow, type IssueRow } from './sql.js';

type Document = z.input<typeof JSONDocument>;

/** Block keys derive from the owner's id, so that the same object always reads the same. */
function paragraphs(ownerId: string, texts: readonly string[]): Document {
  return {
    object: 'document',
    data: {},
    nodes: texts.map((text, i) => ({
      object: 'block',
      type: 'paragraph',
      key: `${ownerId}-${i}`,
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
    })),
  };
}

export function toConversation(ctx: RequestContext, row: ConversationRow): z.input<typeof Conversation> {
  const metadata = JSON.parse(row.metadata) as { url?: string };
  return {
    object: 'conversation',
    id: row.id,
    ...(row.subject !== null && { subject: row.subject }),
    createdAt: row.created_at,
    processedAt: row.processed_at,
    source: row.source,
    impact: row.impact,
    urls: {
      location: ctx.urls.api(`/orgs/${row.organization_id}/conversations/${row.id}`),
      ...(metadata.url !== undefined && { source: metadata.url }),
    },
  };
}

export function toIssue(ctx: RequestContext, row: IssueRow): z.input<typeof ConversationIssue> {
  return {
    object: 'conversation-issue',
    id: row.id,
    title: row.title,
    details: paragraphs(row.id, JSON.parse(row.details) as string[]),
    impact: row.impact,
    createdAt: row.created_at,
    ingestedAt: row.ingested_at,
    conversation: row.conversation_id,
    ...(row.cluster_id !== null && { cluster: row.cluster_id }),
    urls: { location: ctx.urls.api(`/orgs/${row.organization_id}/conversations-issues/${row.id}`) },
  };
}

/** Latest issue titles the summary quotes. */
const SUMMARY_TITLES = 3;

export function toCluster(ctx: RequestContext, row: ClusterRow): z.input<typeof IssuesCluster> {
  const now = ctx.clock.now();
  const counts = `${row.issue_count} ${row.issue_count === 1 ? 'issue' : 'issues'} from ${row.conversation_count} ${row.conversation_count === 1 ? 'conversation' : 'conversations'}.`;
  const quotes = latestTitles(ctx.db, row.id, SUMMARY_TITLES).map((title) => `Reported: “${title}”`);
  return {
    object: 'issues-cluster',
    id: row.id,
    label: row.label,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    icon: row.icon,
    summary: paragraphs(row.id, [counts, ...quotes]),
    muted: row.muted === 1,
    impact: row.impact,
    weeklyPulse: weeklyPulse(issueDates(ctx.db, row.id, pulseStart(now).toISOString()), now),
    sources: sourceCounts(ctx.db, row.id),
    stats: { issues: row.issue_count, conversations: row.conversation_count },
    urls: { location: ctx.urls.api(`/orgs/${row.organization_id}/conversations-clusters/${row.id}`) },
  };
}
