import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addUser, issueToken } from '../../../../src-main/engine/app/admin/commands.js';
import { changeRequestBranch, commentsDoc } from '../../../../src-shared/sync/doc-names.js';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { join, leave, type Peer } from '../../transports/yjs/peers.js';

/**
 * A change request's screen follows the room of its comment threads; when the change request
 * itself moves (a review, its status, reviewers asked), whoever wrote it, the room's own
 * awareness state `{ pulse: n }` counts up, and the screen reads the change request again.
 */
let t: TestServer;
let reviewerToken: string;
let reviewerId: string;
beforeAll(async () => {
  t = await TestServer.start();
  addUser(t.engine, 'reviewer@example.com', 'Rhea Reviewer');
  addMember(t.engine, t.organizationId, 'reviewer@example.com', 'review');
  reviewerToken = issueToken(t.engine, 'reviewer@example.com') as string;
  reviewerId = t.engine.db.get<{ id: string }>("SELECT id FROM users WHERE email = 'reviewer@example.com'")!.id;
});
afterAll(() => t.stop());

/** The room's own pulse as `peer` sees it, or undefined before any. */
function pulseOf(peer: Peer): number | undefined {
  for (const state of peer.provider.awareness.getStates().values()) if (typeof state.pulse === 'number') return state.pulse;
  return undefined;
}

async function openChangeRequest(spaceId: string, subject: string) {
  return { spaceId, changeRequestId: ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject } })).id };
}

describe("a change request's comments room", () => {
  it("is told when the change request moves (reviewers asked, another user's review, its subject), and not for another one", async () => {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    const watched = await openChangeRequest(spaceId, 'Watched');
    const other = await openChangeRequest(spaceId, 'Other');
    const peer = await join(t, commentsDoc(spaceId, changeRequestBranch(watched.changeRequestId)), t.owner.token);
    try {
      await expect.poll(() => pulseOf(peer)).toBe(0);

      // Reviewers asked, then a review by another user: each moves the pulse.
      ok(await t.owner.client.call('requestReviewersForChangeRequest', { params: watched, body: { users: [reviewerId] } }));
      await expect.poll(() => pulseOf(peer), { timeout: 5_000 }).toBeGreaterThan(0);
      const afterAsking = pulseOf(peer)!;
      const reviewer = t.clientFor(reviewerToken);
      ok(await reviewer.call('submitChangeRequestReview', { params: watched, body: { status: 'approved' } }));
      await expect.poll(() => pulseOf(peer), { timeout: 5_000 }).toBeGreaterThan(afterAsking);

      // Another change request's moves are not told here.
      const before = pulseOf(peer)!;
      ok(await t.owner.client.call('updateChangeRequestById', { params: other, body: { subject: 'Other, renamed' } }));
      ok(await t.owner.client.call('updateChangeRequestById', { params: watched, body: { subject: 'Watched, renamed' } }));
      await expect.poll(() => pulseOf(peer), { timeout: 5_000 }).toBe(before + 1);
    } finally {
      leave(peer);
    }
  });

  it('is not told of what happened before it opened', async () => {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    const params = await openChangeRequest(spaceId, 'Earlier');
    ok(await t.owner.client.call('updateChangeRequestById', { params, body: { subject: 'Earlier, renamed' } }));
    const peer = await join(t, commentsDoc(spaceId, changeRequestBranch(params.changeRequestId)), t.owner.token);
    try {
      await expect.poll(() => pulseOf(peer)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(pulseOf(peer)).toBe(0);
    } finally {
      leave(peer);
    }
  });
});
