import type { ConversationInput, Impact } from '../../../../src-shared/contract/conversations.js';
import { ClusterIndex, type ClusterVector } from './clustering.js';
import { iconFor } from './icon.js';
import { clusterImpact, impactOf, maxImpact } from './impact.js';
import { issuesOf } from './issues.js';
import { termCounts } from './tokens.js';
import { termWeights, type Vector } from './vectors.js';
import type { Database } from '../../core/db/database.js';
import { newId } from '../../core/ids.js';
import * as sql from './sql.js';

/** When the source names none: a conversation handed over by a person, as a forwarded mail is. */
const DEFAULT_SOURCE = 'email';

/**
 * Analyses and clusters conversations inside the request's transaction (docs/conversations.md):
 * each becomes issues, each issue joins its nearest cluster or founds one. A conversation ingested
 * again (same source and id) replaces the earlier one: its issues leave their clusters first.
 */
export class Ingestion {
  private readonly index: ClusterIndex;
  private readonly clusters = new Map<string, ClusterVector>();
  private readonly touchedClusters = new Set<string>();
  private readonly touchedTerms = new Set<string>();
  private readonly seq: Record<'conversations' | 'conversation_clusters' | 'conversation_issues', number>;

  constructor(
    private readonly db: Database,
    private readonly organizationId: string,
    private readonly now: string,
  ) {
    for (const row of sql.clusterRows(db, organizationId)) {
      this.clusters.set(row.id, { id: row.id, seq: row.seq, centroid: new Map(Object.entries(JSON.parse(row.centroid) as Record<string, number>)) });
    }
    this.index = new ClusterIndex([...this.clusters.values()], sql.termStats(db, organizationId));
    this.seq = {
      conversations: sql.nextSeq(db, 'conversations', organizationId),
      conversation_clusters: sql.nextSeq(db, 'conversation_clusters', organizationId),
      conversation_issues: sql.nextSeq(db, 'conversation_issues', organizationId),
    };
  }

  add(input: ConversationInput): void {
    const source = input.source ?? DEFAULT_SOURCE;
    const previous = sql.findConversationBySource(this.db, this.organizationId, source, input.id);
    const vacated = previous ? this.forgetIssues(previous.id) : [];
    const conversationId = previous?.id ?? newId();
    const createdAt = input.metadata?.createdAt ? new Date(input.metadata.createdAt).toISOString() : this.now;
    const plan = input.metadata?.attributes?.plan;
    const issues = issuesOf(input).map((draft) => ({
      ...draft,
      impact: impactOf({ text: [draft.title, ...draft.sentences].join(' '), messages: input.parts.length, plan }),
      vector: termWeights(termCounts(draft.words)),
    }));
    sql.saveConversation(this.db, {
      id: conversationId,
      organizationId: this.organizationId,
      seq: this.seq.conversations++,
      source,
      externalId: input.id,
      subject: input.subject,
      parts: input.parts,
      metadata: {
        ...(input.metadata?.url !== undefined && { url: input.metadata.url }),
        attributes: input.metadata?.attributes ?? {},
        ...(input.metadata?.createdAt !== undefined && { createdAt: createdAt }),
      },
      impact: maxImpact(issues.map((issue) => issue.impact)),
      createdAt,
      processedAt: this.now,
    });
    for (const issue of issues) this.place(conversationId, createdAt, issue, vacated);
  }

  /** Writes what the added conversations changed: term frequencies, centroids, counts, impact, icons. */
  finish(): void {
    for (const term of this.touchedTerms) {
      sql.saveTermFrequency(this.db, this.organizationId, term, this.index.stats.df.get(term) ?? 0);
    }
    for (const id of this.touchedClusters) {
      const cluster = this.clusters.get(id)!;
      sql.refreshCluster(this.db, id, Object.fromEntries(cluster.centroid), iconFor(cluster.centroid));
      sql.setClusterImpact(this.db, id, clusterImpact(sql.impactCounts(this.db, id)));
      sql.deleteEmptyCluster(this.db, id);
    }
  }

  private place(
    conversationId: string,
    createdAt: string,
    issue: { title: string; sentences: string[]; impact: Impact; vector: Vector },
    vacated: ClusterVector[],
  ): void {
    this.index.count(issue.vector, 1);
    for (const term of issue.vector.keys()) this.touchedTerms.add(term);
    const cluster = this.index.nearest(issue.vector) ?? vacated.shift() ?? this.found(issue.title);
    this.index.join(cluster, issue.vector);
    this.touchedClusters.add(cluster.id);
    sql.touchCluster(this.db, cluster.id, this.now);
    sql.insertIssue(this.db, {
      id: newId(),
      organization_id: this.organizationId,
      conversation_id: conversationId,
      cluster_id: cluster.id,
      seq: this.seq.conversation_issues++,
      title: issue.title,
      details: issue.sentences,
      impact: issue.impact,
      terms: Object.fromEntries(issue.vector),
      created_at: createdAt,
      ingested_at: this.now,
    });
  }

  /** A new cluster, labelled by the issue that founds it. */
  private found(label: string): ClusterVector {
    const cluster: ClusterVector = { id: newId(), seq: this.seq.conversation_clusters++, centroid: new Map() };
    sql.insertCluster(this.db, { id: cluster.id, organizationId: this.organizationId, seq: cluster.seq, label, now: this.now });
    this.clusters.set(cluster.id, cluster);
    return cluster;
  }

  /**
   * Takes a replaced conversation's issues out of their clusters; answers the clusters this left
   * empty, which its new issues take over before founding any, so that sending the same
   * conversation again keeps its cluster ids (and the links and mutes on them).
   */
  private forgetIssues(conversationId: string): ClusterVector[] {
    const left: ClusterVector[] = [];
    for (const issue of sql.issuesOfConversation(this.db, conversationId)) {
      const vector: Vector = new Map(Object.entries(JSON.parse(issue.terms) as Record<string, number>));
      this.index.count(vector, -1);
      for (const term of vector.keys()) this.touchedTerms.add(term);
      const cluster = issue.cluster_id === null ? undefined : this.clusters.get(issue.cluster_id);
      if (cluster) {
        this.index.leave(cluster, vector);
        this.touchedClusters.add(cluster.id);
        sql.touchCluster(this.db, cluster.id, this.now);
        if (!left.includes(cluster)) left.push(cluster);
      }
    }
    sql.deleteIssuesOfConversation(this.db, conversationId);
    return left.filter((cluster) => cluster.centroid.size === 0).sort((a, b) => a.seq - b.seq);
  }
}

/** Ingests conversations in order, in the caller's transaction. */
export function ingestConversations(db: Database, organizationId: string, inputs: readonly ConversationInput[], now: string): void {
  const ingestion = new Ingestion(db, organizationId, now);
  for (const input of inputs) ingestion.add(input);
  ingestion.finish();
}
