import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConversationInput } from '../../../../src-shared/contract/conversations.js';

/** The support conversations written for the tests: one file per product area, plus `noise`. */
export interface CorpusFile {
  area: string;
  conversations: ConversationInput[];
}

const DIR = join(import.meta.dirname, 'corpus');
export const NOISE = 'noise';

export function loadCorpus(): CorpusFile[] {
  return readdirSync(DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(DIR, name), 'utf8')) as CorpusFile);
}

/**
 * Every conversation, areas interleaved (one of each in turn), as support inboxes receive them;
 * each carries its file's area in `metadata.attributes.ticket`'s prefix.
 */
export function interleaved(files: readonly CorpusFile[]): ConversationInput[] {
  const out: ConversationInput[] = [];
  const longest = Math.max(...files.map((file) => file.conversations.length));
  for (let i = 0; i < longest; i++) for (const file of files) if (file.conversations[i]) out.push(file.conversations[i]!);
  return out;
}

/** An issue as the quality measure needs it: the area it was written for and its cluster. */
export interface Placed {
  area: string;
  cluster: string;
}

export interface Quality {
  /** Share of issues in a cluster whose majority area is their own. */
  purity: number;
  /** Of the pairs of issues put in one cluster, the share that are of one area. */
  pairPrecision: number;
  /** Of the pairs of issues of one area, the share put in one cluster. */
  pairRecall: number;
  clusters: number;
}

/** Clustering quality over the issues of the product areas (noise left out). */
export function quality(placed: readonly Placed[]): Quality {
  const issues = placed.filter((issue) => issue.area !== NOISE);
  const byCluster = groupCount(issues, (issue) => issue.cluster, (issue) => issue.area);
  const byArea = groupCount(issues, (issue) => issue.area, (issue) => issue.cluster);
  let majority = 0;
  let samePairs = 0;
  let clusterPairs = 0;
  for (const areas of byCluster.values()) {
    majority += Math.max(...areas.values());
    clusterPairs += pairs(sum(areas.values()));
    for (const n of areas.values()) samePairs += pairs(n);
  }
  let areaPairs = 0;
  for (const clusters of byArea.values()) areaPairs += pairs(sum(clusters.values()));
  return {
    purity: majority / issues.length,
    pairPrecision: clusterPairs === 0 ? 1 : samePairs / clusterPairs,
    pairRecall: areaPairs === 0 ? 1 : samePairs / areaPairs,
    clusters: byCluster.size,
  };
}

function groupCount<T>(items: readonly T[], outer: (item: T) => string, inner: (item: T) => string) {
  const out = new Map<string, Map<string, number>>();
  for (const item of items) {
    const counts = out.get(outer(item)) ?? new Map<string, number>();
    counts.set(inner(item), (counts.get(inner(item)) ?? 0) + 1);
    out.set(outer(item), counts);
  }
  return out;
}

const pairs = (n: number) => (n * (n - 1)) / 2;
const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** The area a conversation was written for, from its ticket attribute (`<area>-<n>`). */
export function areaOfTicket(ticket: string): string {
  return ticket.replace(/-\d+$/, '');
}
