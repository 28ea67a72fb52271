import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConversationInput } from '../../../../src-shared/contract/conversations.js';
import { ClusterIndex } from '../../../../src-main/engine/domain/conversations/clustering.js';
import { clusterImpact, impactOf } from '../../../../src-main/engine/domain/conversations/impact.js';
import { issuesOf } from '../../../../src-main/engine/domain/conversations/issues.js';
import { PULSE_WEEKS, weeklyPulse } from '../../../../src-main/engine/domain/conversations/pulse.js';
import { stem } from '../../../../src-main/engine/domain/conversations/stem.js';
import { termCounts, tokens } from '../../../../src-main/engine/domain/conversations/tokens.js';
import { termWeights } from '../../../../src-main/engine/domain/conversations/vectors.js';

const conversation = (bodies: string[], subject?: string): ConversationInput => ({
  id: 'c',
  subject,
  parts: bodies.map((body) => ({ type: 'message', role: 'user', body })),
});
const vector = (text: string) => termWeights(termCounts(tokens(text)));

describe('tokens', () => {
  it('stems inflections to one term and keeps words that only look inflected', () => {
    expect(new Set(['export', 'exports', 'exported', 'exporting'].map(stem))).toEqual(new Set(['export']));
    expect(stem('stopped')).toBe(stem('stop'));
    expect(['access', 'status', 'analysis'].map(stem)).toEqual(['access', 'status', 'analysis']);
  });

  it('drops stop words, numbers, tags, URLs and accents', () => {
    expect(tokens('<p>Hi, the PDF Exporting fails 3 times: https://x.io/a café</p>')).toEqual(['pdf', 'export', 'fail', stem('time'), 'cafe']);
  });
});

describe('issues of a conversation', () => {
  it('reads only the customer, splits at a new topic and titles by subject, then first sentence', () => {
    const issues = issuesOf({
      id: 'c',
      subject: 'Export broken',
      parts: [
        { type: 'message', role: 'user', body: 'The PDF export fails. It worked last week.' },
        { type: 'message', role: 'assistant', body: 'Could you try the billing page?' },
        { type: 'message', role: 'user', body: 'Also, the invoice shows the wrong VAT number.' },
      ],
    });
    expect(issues.map((i) => [i.title, i.sentences])).toEqual([
      ['Export broken', ['The PDF export fails.', 'It worked last week.']],
      ['The invoice shows the wrong VAT number.', ['The invoice shows the wrong VAT number.']],
    ]);
    expect(issues[0]!.words).not.toContain('bill');
  });

  it('finds nothing in thanks and greetings, but keeps thanks that carry a problem', () => {
    expect(issuesOf(conversation(['Thanks, that fixed it!', 'Have a great day.'], 'Thanks'))).toEqual([]);
    expect(issuesOf(conversation(['Thanks, but the export still fails.']))).toHaveLength(1);
  });

  it('clips long titles at a word', () => {
    const [issue] = issuesOf(conversation([`${'word '.repeat(40)}fails.`]));
    expect(issue!.title.length).toBeLessThanOrEqual(101);
    expect(issue!.title.endsWith('…')).toBe(true);
  });
});

describe('impact', () => {
  it('scores blocking words, urgency, failures, repetition, paid plans and long conversations', () => {
    expect(impactOf({ text: 'How do I rename a page?', messages: 1, plan: undefined })).toBe('low');
    expect(impactOf({ text: 'The export fails with an error again', messages: 1, plan: undefined })).toBe('medium');
    expect(impactOf({ text: 'We lost all our pages', messages: 1, plan: undefined })).toBe('medium');
    expect(impactOf({ text: 'We lost all our pages, urgent', messages: 1, plan: undefined })).toBe('high');
    expect(impactOf({ text: 'We lost all our pages', messages: 1, plan: 'Enterprise' })).toBe('high');
    expect(impactOf({ text: 'The export fails', messages: 6, plan: 'business' })).toBe('medium');
  });

  it("rates a cluster by the most severe level a third of its issues reach", () => {
    expect(clusterImpact({ low: 5, medium: 0, high: 1 })).toBe('low');
    expect(clusterImpact({ low: 4, medium: 1, high: 1 })).toBe('medium');
    expect(clusterImpact({ low: 2, medium: 0, high: 1 })).toBe('high');
    expect(clusterImpact({ low: 0, medium: 0, high: 0 })).toBe('low');
  });
});

describe('weekly pulse', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const WEEK = 7 * 24 * 3600 * 1000;

  it('counts 13 weeks oldest first, the last ending now', () => {
    const dates = [now.getTime() - 1000, now.getTime() - WEEK - 1000, now.getTime() - 13 * WEEK + 1000, now.getTime() + WEEK];
    expect(weeklyPulse(dates.map((d) => new Date(d).toISOString()), now)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
  });

  it('always has 13 numbers that count exactly the dates inside the window or after it (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20 * WEEK, max: 2 * WEEK })), (offsets) => {
        const pulse = weeklyPulse(offsets.map((o) => new Date(now.getTime() + o).toISOString()), now);
        expect(pulse).toHaveLength(PULSE_WEEKS);
        expect(pulse.reduce((a, b) => a + b, 0)).toBe(offsets.filter((o) => o >= -13 * WEEK).length);
      }),
    );
  });
});

describe('clustering', () => {
  const place = (index: ClusterIndex, text: string, clusters: { id: string; seq: number; centroid: Map<string, number> }[]) => {
    const v = vector(text);
    index.count(v, 1);
    let cluster = index.nearest(v);
    if (!cluster) clusters.push((cluster = { id: `c${clusters.length + 1}`, seq: clusters.length + 1, centroid: new Map() }));
    index.join(cluster, v);
    return cluster.id;
  };

  it('puts paraphrases together and unrelated reports apart', () => {
    const clusters: { id: string; seq: number; centroid: Map<string, number> }[] = [];
    const index = new ClusterIndex([], { issues: 0, df: new Map() });
    const a = place(index, 'PDF export fails with an error', clusters);
    const b = place(index, 'Invoice charged twice on my card', clusters);
    expect(place(index, 'Exporting to PDF failed again', clusters)).toBe(a);
    expect(place(index, 'Double charge on the invoice', clusters)).toBe(b);
    expect(place(index, 'Mobile app crashes on launch', clusters)).not.toBe(a);
  });

  it('breaks a tie between equally near clusters by the older one', () => {
    const stats = { issues: 2, df: new Map([['pdf', 2], ['export', 2]]) };
    const twins = [
      { id: 'newer', seq: 2, centroid: vector('pdf export') },
      { id: 'older', seq: 1, centroid: vector('pdf export') },
    ];
    expect(new ClusterIndex(twins, stats).nearest(vector('pdf export'))!.id).toBe('older');
  });

  it('forgets an issue that leaves: its terms stop counting and its cluster no longer attracts', () => {
    const clusters: { id: string; seq: number; centroid: Map<string, number> }[] = [];
    const index = new ClusterIndex([], { issues: 0, df: new Map() });
    place(index, 'SSO login loop with SAML', clusters);
    const v = vector('SSO login loop with SAML');
    index.count(v, -1);
    index.leave(clusters[0]!, v);
    expect(index.stats).toEqual({ issues: 0, df: new Map() });
    expect(index.nearest(vector('SAML SSO login fails'))).toBeUndefined();
  });
});
