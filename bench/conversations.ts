import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { call, newOrganization, withEngine, type InProcess as Ctx } from './in-process.js';
import type { ConversationInput } from '../src-shared/contract/conversations.js';
import { areaOfTicket, interleaved, loadCorpus, quality } from '../test/engine/api/conversations/corpus.js';

/**
 * Conversations through the engine's dispatcher in-process (validation, analysis, clustering and
 * the SQL writes of one transaction per call): the clustering's quality on the test corpus, then
 * the ingest rate of the corpus repeated ten times (2,080 conversations, new ids each round, so
 * the clusters and the vocabulary grow) one conversation per call and 100 per call.
 */
const ROUNDS = 10;

async function measureQuality(ctx: Ctx, conversations: ConversationInput[]) {
  const org = newOrganization(ctx);
  await call(ctx, 'POST', `/v1/orgs/${org}/conversations`, conversations);
  const issues = (await call(ctx, 'GET', `/v1/orgs/${org}/conversations-issues?limit=1000`)) as {
    items: { issue: { cluster: string; conversation: string } }[];
  };
  const placed = [];
  for (const { issue } of issues.items) {
    const detail = (await call(ctx, 'GET', `/v1/orgs/${org}/conversations/${issue.conversation}`)) as { metadata: { attributes: { ticket: string } } };
    placed.push({ area: areaOfTicket(detail.metadata.attributes.ticket), cluster: issue.cluster });
  }
  return { issues: placed.length, ...quality(placed) };
}

async function measureRate(ctx: Ctx, conversations: ConversationInput[], batch: number) {
  const org = newOrganization(ctx);
  const all = Array.from({ length: ROUNDS }, (_, round) => conversations.map((c) => ({ ...c, id: `${c.id}-r${round}` }))).flat();
  const started = performance.now();
  for (let i = 0; i < all.length; i += batch) await call(ctx, 'POST', `/v1/orgs/${org}/conversations`, all.slice(i, i + batch));
  const seconds = (performance.now() - started) / 1000;
  const clusters = (await call(ctx, 'GET', `/v1/orgs/${org}/conversations-clusters?limit=0`)) as { count: number };
  return { batch, conversations: all.length, seconds: Number(seconds.toFixed(2)), 'conversations/s': Math.round(all.length / seconds), clusters: clusters.count };
}

export async function benchConversations(): Promise<void> {
  await withEngine('folio-bench-conversations-', {}, async (ctx) => {
    const conversations = interleaved(loadCorpus());
    const measured = await measureQuality(ctx, conversations);
    console.log(`\nconversations: clustering of the test corpus (${conversations.length} conversations, ${measured.issues} issues, ${measured.clusters} clusters)`);
    console.log(`purity ${measured.purity.toFixed(3)}, pairwise precision ${measured.pairPrecision.toFixed(3)}, pairwise recall ${measured.pairRecall.toFixed(3)}`);
    const rates = [await measureRate(ctx, conversations, 1), await measureRate(ctx, conversations, 100)];
    console.log(`ingest rate, load average ${loadavg()[0]!.toFixed(1)}`);
    console.table(rates);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchConversations();
