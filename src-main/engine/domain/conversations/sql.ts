import type { ConversationPart, Impact } from '../../../../src-shared/contract/conversations.js';
import type { Database } from '../../core/db/database.js';
import type { KeysetQuery, OrderKey } from '../../core/pagination.js';

export interface ConversationRow {
  id: string;
  organization_id: string;
  seq: number;
  source: string;
  external_id: string;
  subject: string | null;
  parts: string;
  metadata: string;
  impact: Impact;
  created_at: string;
  processed_at: string;
}

export interface ClusterRow {
  id: string;
  organization_id: string;
  seq: number;
  label: string;
  icon: string;
  muted: 0 | 1;
  centroid: string;
  issue_count: number;
  conversation_count: number;
  impact: Impact;
  created_at: string;
  updated_at: string;
}

export interface IssueRow {
  id: string;
  organization_id: string;
  conversation_id: string;
  cluster_id: string | null;
  seq: number;
  title: string;
  details: string;
  impact: Impact;
  terms: string;
  created_at: string;
  ingested_at: string;
}

export interface NewConversation {
  id: string;
  organizationId: string;
  seq: number;
  source: string;
  externalId: string;
  subject: string | undefined;
  parts: ConversationPart[];
  metadata: { url?: string; attributes: Record<string, string>; createdAt?: string };
  impact: Impact;
  createdAt: string;
  processedAt: string;
}

/** Inserts a conversation, or rewrites the one with the same source and id, keeping its API id. */
export function saveConversation(db: Database, c: NewConversation): void {
  db.run(
    `INSERT INTO conversations (id, organization_id, seq, source, external_id, subject, parts, metadata, impact, created_at, processed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, subject = excluded.subject, parts = excluded.parts,
       metadata = excluded.metadata, impact = excluded.impact, created_at = excluded.created_at, processed_at = excluded.processed_at`,
    c.id,
    c.organizationId,
    c.seq,
    c.source,
    c.externalId,
    c.subject ?? null,
    JSON.stringify(c.parts),
    JSON.stringify(c.metadata),
    c.impact,
    c.createdAt,
    c.processedAt,
  );
}

export function findConversationBySource(db: Database, organizationId: string, source: string, externalId: string) {
  return db.get<ConversationRow>(
    'SELECT * FROM conversations WHERE organization_id = ? AND source = ? AND external_id = ?',
    organizationId,
    source,
    externalId,
  );
}

export function findConversation(db: Database, organizationId: string, id: string): ConversationRow | undefined {
  return db.get<ConversationRow>('SELECT * FROM conversations WHERE organization_id = ? AND id = ?', organizationId, id);
}

/** The next free `seq` of `table` in the organization. */
export function nextSeq(db: Database, table: 'conversations' | 'conversation_clusters' | 'conversation_issues', organizationId: string): number {
  return db.get<{ n: number }>(`SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM ${table} WHERE organization_id = ?`, organizationId)!.n;
}

export function clusterRows(db: Database, organizationId: string): ClusterRow[] {
  return db.all<ClusterRow>('SELECT * FROM conversation_clusters WHERE organization_id = ? ORDER BY seq', organizationId);
}

export function findCluster(db: Database, organizationId: string, id: string): ClusterRow | undefined {
  return db.get<ClusterRow>('SELECT * FROM conversation_clusters WHERE organization_id = ? AND id = ?', organizationId, id);
}

export function insertCluster(
  db: Database,
  c: { id: string; organizationId: string; seq: number; label: string; now: string },
): void {
  db.run(
    `INSERT INTO conversation_clusters (id, organization_id, seq, label, icon, centroid, created_at, updated_at)
     VALUES (?, ?, ?, ?, '', '{}', ?, ?)`,
    c.id,
    c.organizationId,
    c.seq,
    c.label,
    c.now,
    c.now,
  );
}

/** Writes a cluster's centroid and icon, and recounts its issues, conversations and impact levels. */
export function refreshCluster(db: Database, id: string, centroid: Record<string, number>, icon: string): void {
  db.run(
    `UPDATE conversation_clusters SET centroid = ?, icon = ?,
       issue_count = (SELECT count(*) FROM conversation_issues WHERE cluster_id = ?),
       conversation_count = (SELECT count(DISTINCT conversation_id) FROM conversation_issues WHERE cluster_id = ?)
     WHERE id = ?`,
    JSON.stringify(centroid),
    icon,
    id,
    id,
    id,
  );
}

export function impactCounts(db: Database, clusterId: string): Record<Impact, number> {
  const counts = { low: 0, medium: 0, high: 0 };
  const rows = db.all<{ impact: Impact; n: number }>(
    'SELECT impact, count(*) AS n FROM conversation_issues WHERE cluster_id = ? GROUP BY impact',
    clusterId,
  );
  for (const row of rows) counts[row.impact] = row.n;
  return counts;
}

export function setClusterImpact(db: Database, id: string, impact: Impact): void {
  db.run('UPDATE conversation_clusters SET impact = ? WHERE id = ?', impact, id);
}

export function touchCluster(db: Database, id: string, now: string): void {
  db.run('UPDATE conversation_clusters SET updated_at = ? WHERE id = ?', now, id);
}

export function deleteEmptyCluster(db: Database, id: string): void {
  db.run('DELETE FROM conversation_clusters WHERE id = ? AND issue_count = 0', id);
}

export function setMuted(db: Database, id: string, muted: boolean): void {
  db.run('UPDATE conversation_clusters SET muted = ? WHERE id = ?', muted ? 1 : 0, id);
}

export function insertIssue(db: Database, issue: Omit<IssueRow, 'terms' | 'details'> & { terms: Record<string, number>; details: string[] }): void {
  db.run(
    `INSERT INTO conversation_issues (id, organization_id, conversation_id, cluster_id, seq, title, details, impact, terms, created_at, ingested_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    issue.id,
    issue.organization_id,
    issue.conversation_id,
    issue.cluster_id,
    issue.seq,
    issue.title,
    JSON.stringify(issue.details),
    issue.impact,
    JSON.stringify(issue.terms),
    issue.created_at,
    issue.ingested_at,
  );
}

export function issuesOfConversation(db: Database, conversationId: string): IssueRow[] {
  return db.all<IssueRow>('SELECT * FROM conversation_issues WHERE conversation_id = ? ORDER BY seq', conversationId);
}

export function deleteIssuesOfConversation(db: Database, conversationId: string): void {
  db.run('DELETE FROM conversation_issues WHERE conversation_id = ?', conversationId);
}

export function findIssue(db: Database, organizationId: string, id: string): IssueRow | undefined {
  return db.get<IssueRow>('SELECT * FROM conversation_issues WHERE organization_id = ? AND id = ?', organizationId, id);
}

export function termStats(db: Database, organizationId: string): { issues: number; df: Map<string, number> } {
  const issues = db.get<{ n: number }>('SELECT count(*) AS n FROM conversation_issues WHERE organization_id = ?', organizationId)!.n;
  const rows = db.all<{ term: string; df: number }>('SELECT term, df FROM conversation_terms WHERE organization_id = ?', organizationId);
  return { issues, df: new Map(rows.map((row) => [row.term, row.df])) };
}

export function saveTermFrequency(db: Database, organizationId: string, term: string, df: number): void {
  if (df > 0) {
    db.run(
      'INSERT INTO conversation_terms (organization_id, term, df) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET df = excluded.df',
      organizationId,
      term,
      df,
    );
  } else {
    db.run('DELETE FROM conversation_terms WHERE organization_id = ? AND term = ?', organizationId, term);
  }
}

/** Issue dates of a cluster since `since`, for its weekly pulse. */
export function issueDates(db: Database, clusterId: string, since: string): string[] {
  return db
    .all<{ created_at: string }>('SELECT created_at FROM conversation_issues WHERE cluster_id = ? AND created_at >= ?', clusterId, since)
    .map((row) => row.created_at);
}

/** Issues per conversation source in a cluster. */
export function sourceCounts(db: Database, clusterId: string): Record<string, number> {
  const rows = db.all<{ source: string; n: number }>(
    `SELECT c.source, count(*) AS n FROM conversation_issues i JOIN conversations c ON c.id = i.conversation_id
     WHERE i.cluster_id = ? GROUP BY c.source ORDER BY c.source`,
    clusterId,
  );
  return Object.fromEntries(rows.map((row) => [row.source, row.n]));
}

/** The titles of a cluster's latest issues, newest first. */
export function latestTitles(db: Database, clusterId: string, limit: number): string[] {
  return db
    .all<{ title: string }>('SELECT DISTINCT title FROM conversation_issues WHERE cluster_id = ? ORDER BY seq DESC LIMIT ?', clusterId, limit)
    .map((row) => row.title);
}

const CLUSTER_ORDER: Record<'updatedAt' | 'issues' | 'conversations', string> = {
  updatedAt: 'updated_at',
  issues: 'issue_count',
  conversations: 'conversation_count',
};

export function clustersOf(
  organizationId: string,
  orderBy: keyof typeof CLUSTER_ORDER,
  order: 'asc' | 'desc',
): KeysetQuery {
  const desc = order === 'desc';
  const keys: OrderKey[] = [
    { expr: CLUSTER_ORDER[orderBy], column: CLUSTER_ORDER[orderBy], desc },
    { expr: 'seq', column: 'seq', desc },
  ];
  return { select: '*', from: 'conversation_clusters', where: 'organization_id = ?', params: [organizationId], order: keys };
}

const NEWEST_FIRST: OrderKey[] = [{ expr: 'seq', column: 'seq', desc: true }];

export function conversationsOf(organizationId: string, source: string | undefined): KeysetQuery {
  const where = ['organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (source !== undefined) {
    where.push('source = ?');
    params.push(source);
  }
  return { select: '*', from: 'conversations', where: where.join(' AND '), params, order: NEWEST_FIRST };
}

export function issuesOf(organizationId: string, filter: { cluster?: string; conversation?: string }): KeysetQuery {
  const where = ['organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (filter.cluster !== undefined) {
    where.push('cluster_id = ?');
    params.push(filter.cluster);
  }
  if (filter.conversation !== undefined) {
    where.push('conversation_id = ?');
    params.push(filter.conversation);
  }
  return { select: '*', from: 'conversation_issues', where: where.join(' AND '), params, order: NEWEST_FIRST };
}
