import fc from 'fast-check';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterCard } from '../../src-renderer/clusters/ClusterCard.js';
import { IssueRows } from '../../src-renderer/clusters/ClusterIssues.js';
import { iconOf, sourcesWords } from '../../src-renderer/clusters/cluster-words.js';
import { PULSE_HEIGHT, pulseBars, pulseWidth, pulseWords } from '../../src-renderer/clusters/pulse-bars.js';
import { WorkspaceContext, type Workspace } from '../../src-renderer/frame/workspace-context.js';
import { hrefFor, parseHash } from '../../src-renderer/routing/route.js';
import { ok } from '../support/content.js';
import { TestServer } from '../support/server.js';
import { ownerWorkspace } from './owner-workspace.js';

describe('the weekly pulse chart', () => {
  const weeks = fc.array(fc.nat({ max: 500 }), { minLength: 13, maxLength: 13 });

  it('draws one bar per week inside the chart, on the baseline, taller for busier weeks', () => {
    fc.assert(
      fc.property(weeks, (counts) => {
        const bars = pulseBars(counts);
        expect(bars).toHaveLength(13);
        for (const [week, bar] of bars.entries()) {
          expect(bar.count).toBe(counts[week]);
          expect(bar.x + bar.width).toBeLessThanOrEqual(pulseWidth(13));
          expect(bar.y + bar.height).toBeCloseTo(PULSE_HEIGHT);
          expect(bar.height > 0).toBe(counts[week]! > 0);
          if (week > 0) expect(bar.x).toBeGreaterThan(bars[week - 1]!.x + bars[week - 1]!.width);
        }
        for (const a of bars) for (const b of bars) if (a.count > b.count) expect(a.height).toBeGreaterThanOrEqual(b.height);
        if (counts.some((count) => count > 0)) expect(Math.max(...bars.map((bar) => bar.height))).toBe(PULSE_HEIGHT);
      }),
    );
  });

  it('says the numbers in words', () => {
    expect(pulseWords([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 3])).toBe(
      'Issues per week over the last 13 weeks, oldest first: 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 3 (6 in all, 3 this week)',
    );
  });
});

describe('the cluster words', () => {
  it('list sources busiest first and draw unknown icons as a mark', () => {
    expect(sourcesWords({ email: 2, 'integration:intercom:main': 5, 'integration:zendesk:eu': 2 })).toBe(
      'integration:intercom:main 5 · email 2 · integration:zendesk:eu 2',
    );
    expect(iconOf('lock')).toBe('🔒');
    expect(iconOf('no-such-icon')).toBe('❗');
  });

  it('the clusters screen has a route', () => {
    expect(parseHash(hrefFor({ screen: 'clusters', org: 'o1' }))).toEqual({ screen: 'clusters', org: 'o1' });
  });
});

describe('a cluster drawn from a real engine', () => {
  let server: TestServer;
  let workspace: Workspace;
  const render = (node: ReactNode) => renderToStaticMarkup(<WorkspaceContext.Provider value={workspace}>{node}</WorkspaceContext.Provider>);
  const params = () => ({ organizationId: server.organizationId });

  beforeAll(async () => {
    server = await TestServer.start();
    workspace = await ownerWorkspace(server);
    const user = (id: string, subject: string, body: string) => ({ id, subject, parts: [{ type: 'message' as const, role: 'user' as const, body }] });
    ok(
      await server.owner.client.call('ingestConversation', {
        params: params(),
        body: [
          user('a', 'Search finds nothing', 'Search results are empty for pages that exist.'),
          user('b', 'Search misses pages', 'Search results miss pages we published yesterday.'),
        ],
      }),
    );
  });
  afterAll(() => server?.stop());

  it('shows impact, stats, sources, the pulse, the summary and Mute; muted ones say so and offer Unmute', async () => {
    const [cluster] = ok(await server.owner.client.call('listConversationsIssuesClusters', { params: params(), query: {} })).items;
    const html = render(<ClusterCard org="o1" cluster={cluster!} onChanged={() => undefined} />);
    expect(html).toContain(`<h2 class="cluster-label">${cluster!.label}</h2>`);
    expect(html).toMatch(/(Low|Medium|High) impact/);
    expect(html).toContain('2 issues from 2 conversations · email 2');
    expect(html.match(/<rect /g)).toHaveLength(13);
    expect(html).toContain('data-muted="false"');
    expect(html).toContain(`aria-label="Mute ${cluster!.label}"`);
    const muted = ok(
      await server.owner.client.call('updateConversationsIssuesCluster', { params: { ...params(), clusterId: cluster!.id }, body: { muted: true } }),
    );
    const mutedHtml = render(<ClusterCard org="o1" cluster={muted} onChanged={() => undefined} />);
    expect(mutedHtml).toContain('data-muted="true"');
    expect(mutedHtml).toContain('>Muted</span>');
    expect(mutedHtml).toContain(`aria-label="Unmute ${cluster!.label}"`);
  });

  it("lists a cluster's issues with the conversation each came from", async () => {
    const [cluster] = ok(await server.owner.client.call('listConversationsIssuesClusters', { params: params(), query: {} })).items;
    const issues = ok(await server.owner.client.call('listConversationsIssues', { params: params(), query: { cluster: cluster!.id } })).items;
    const html = render(<IssueRows items={issues} label={cluster!.label} />);
    expect(html).toContain('“Search finds nothing”');
    expect(html).toContain('“Search misses pages”');
    expect(html).toContain('Search results miss pages we published yesterday.');
  });
});
