import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationInput } from '../../../../src-shared/contract/conversations.js';
import { ok } from '../../../support/content.js';
import { otherOrganization } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { NOISE, areaOfTicket, interleaved, loadCorpus, quality, type Placed } from './corpus.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

/** Ingests `conversations` in batches of `batch` into a new organization; answers each issue's area and cluster. */
async function clusterCorpus(conversations: readonly ConversationInput[], batch: number): Promise<(Placed & { ticket: string })[]> {
  const organizationId = otherOrganization(t);
  for (let i = 0; i < conversations.length; i += batch) {
    const result = await t.owner.client.call('ingestConversation', { params: { organizationId }, body: conversations.slice(i, i + batch) });
    expect(result.status).toBe(204);
  }
  const issues = ok(await t.owner.client.call('listConversationsIssues', { params: { organizationId }, query: { limit: 1000 } })).items;
  const tickets = new Map<string, string>();
  for (const { conversation } of issues) {
    if (tickets.has(conversation.id)) continue;
    const detail = ok(await t.owner.client.call('getConversationById', { params: { organizationId, conversationId: conversation.id } }));
    tickets.set(conversation.id, detail.metadata.attributes.ticket!);
  }
  return issues.map(({ issue }) => {
    const ticket = tickets.get(issue.conversation)!;
    return { ticket, area: areaOfTicket(ticket), cluster: issue.cluster! };
  });
}

describe('the support corpus', () => {
  const files = loadCorpus();
  const conversations = interleaved(files);
  let placed: Awaited<ReturnType<typeof clusterCorpus>>;
  beforeAll(async () => {
    placed = await clusterCorpus(conversations, conversations.length);
  });

  it('holds at least 200 conversations over several product areas and sources', () => {
    expect(conversations.length).toBeGreaterThanOrEqual(200);
    expect(files.filter((file) => file.area !== NOISE).length).toBeGreaterThanOrEqual(10);
    expect(new Set(conversations.map((c) => c.source ?? 'email')).size).toBeGreaterThanOrEqual(3);
  });

  it('clusters reports of one area together and keeps areas apart (purity and pairwise)', () => {
    const measured = quality(placed);
    expect(measured.purity).toBeGreaterThanOrEqual(0.95);
    expect(measured.pairPrecision).toBeGreaterThanOrEqual(0.95);
    expect(measured.pairRecall).toBeGreaterThanOrEqual(0.7);
  });

  it("gives most areas one dominant cluster holding most of the area's reports", () => {
    const areas = files.map((file) => file.area).filter((area) => area !== NOISE);
    const dominant = areas.filter((area) => {
      const ofArea = placed.filter((issue) => issue.area === area);
      const sizes = new Map<string, number>();
      for (const issue of ofArea) sizes.set(issue.cluster, (sizes.get(issue.cluster) ?? 0) + 1);
      return Math.max(...sizes.values()) / ofArea.length >= 0.6;
    });
    expect(dominant.length).toBeGreaterThanOrEqual(areas.length - 2);
  });

  it('finds no issue in chatter, and one-off questions join no product area', () => {
    const noise = files.find((file) => file.area === NOISE)!.conversations;
    const chatter = noise.filter((c) => !placed.some((issue) => issue.ticket === c.metadata!.attributes!.ticket));
    expect(chatter.length).toBeGreaterThanOrEqual(5);
    const areaClusters = new Set(placed.filter((issue) => issue.area !== NOISE).map((issue) => issue.cluster));
    expect(placed.filter((issue) => issue.area === NOISE && areaClusters.has(issue.cluster))).toEqual([]);
  });

  it('clusters the same conversations in the same order the same way, however they are batched', async () => {
    const oneByOne = await clusterCorpus(conversations, 1);
    const partition = (issues: typeof placed) => {
      const byCluster = new Map<string, string[]>();
      for (const issue of issues) byCluster.set(issue.cluster, [...(byCluster.get(issue.cluster) ?? []), issue.ticket]);
      return [...byCluster.values()].map((tickets) => tickets.sort().join(' ')).sort();
    };
    expect(partition(oneByOne)).toEqual(partition(placed));
  });
});
