import { describe, expect, it } from 'vitest';
import { expectFailure, ok } from '../../../support/content.js';
import { created } from '../../api/content/fixture.js';
import { eventually, syncedSpaceEachTest } from './nodes.js';

const current = syncedSpaceEachTest();

/** The hub's space asks for one review before a merge; the hub owner opens a change request with a page. */
async function reviewedSpace() {
  const { hub, spaceId } = current();
  ok(await hub.owner.client.call('updateSpaceById', { params: { spaceId }, body: { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] } } }));
  const changeRequestId = ok(await hub.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Guide' } })).id;
  const params = { spaceId, changeRequestId };
  await created(hub.owner, params, [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'Hi.\n' } }]);
  return { hub, params };
}

describe('reviews through sync', () => {
  it('reach a replica, where the merge rules they meet let its user merge; the merge reaches the hub', async () => {
    const { hub, params } = await reviewedSpace();
    const reviewer = hub.user('review');
    const replica = await current().replica();
    await eventually(async () => expect(ok(await replica.client.call('getChangeRequestById', { params })).subject).toBe('Guide'));
    expectFailure(await replica.client.call('mergeChangeRequest', { params }), 409, /^mergeRules: require_at_least_one_review/);

    const review = ok(await reviewer.client.call('submitChangeRequestReview', { params, body: { status: 'approved' } }));
    await eventually(async () => expect(ok(await replica.client.call('getReviewsByChangeRequestId', { params, query: {} })).items.map((r) => r.id)).toEqual([review.id]));
    expect(ok(await replica.client.call('mergeChangeRequest', { params })).result).toBe('merge');
    await eventually(async () => expect(ok(await hub.owner.client.call('getChangeRequestById', { params })).status).toBe('merged'));
  });

  it('a replica that forges a review in its own database gets neither it nor its merge past the hub', async () => {
    const { hub, params } = await reviewedSpace();
    const reviewer = hub.user('review');
    const replica = await current().replica();
    await eventually(async () => expect(ok(await replica.client.call('getChangeRequestById', { params })).subject).toBe('Guide'));
    await eventually(() => expect(replica.engine.db.get('SELECT 1 FROM users WHERE id = ?', reviewer.id)).toBeDefined());
    const revision = ok(await replica.client.call('getChangeRequestById', { params })).revision;
    replica.engine.db.run(
      `INSERT INTO change_request_reviews (id, change_request_id, reviewer_id, status, revision, created_at, updated_at)
       VALUES ('forged', ?, ?, 'approved', ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
      params.changeRequestId, reviewer.id, revision,
    );
    expect(ok(await replica.client.call('mergeChangeRequest', { params })).result).toBe('merge');

    await eventually(async () => {
      expect(ok(await replica.client.call('getChangeRequestById', { params })).status).toBe('open');
      expect(ok(await replica.client.call('getReviewsByChangeRequestId', { params, query: {} })).count).toBe(0);
    });
    expect(ok(await hub.owner.client.call('getChangeRequestById', { params })).status).toBe('open');
    expect(ok(await hub.owner.client.call('getReviewsByChangeRequestId', { params, query: {} })).count).toBe(0);
  });

  it('teams asked to review travel both ways: asked on the hub, seen on a replica; asked on the replica, seen on the hub', async () => {
    const { hub, params } = await reviewedSpace();
    const member = hub.user('review');
    const organizationId = hub.organizationId;
    const writers = ok(await hub.owner.client.call('createOrganizationTeam', { params: { organizationId }, body: { title: 'Writers', members: [member.id] } }));
    const editors = ok(await hub.owner.client.call('createOrganizationTeam', { params: { organizationId }, body: { title: 'Editors' } }));
    ok(await hub.owner.client.call('requestReviewersForChangeRequest', { params, body: { users: [], teams: [writers.id] } }));
    const replica = await current().replica();
    const teamsAsked = async (client: typeof hub.owner.client) =>
      ok(await client.call('getRequestedReviewersByChangeRequestId', { params, query: {} })).items.map((entry) => (entry.kind === 'team' ? entry.team.id : entry.user.id));
    await eventually(async () => expect(await teamsAsked(replica.client)).toEqual([writers.id]));

    await eventually(() => expect(replica.engine.db.get('SELECT 1 FROM teams WHERE id = ?', editors.id)).toBeDefined());
    ok(await replica.client.call('requestReviewersForChangeRequest', { params, body: { users: [], teams: [editors.id] } }));
    // Listed by when each was asked, on each engine's own clock: the set is what must agree.
    await eventually(async () => expect((await teamsAsked(hub.owner.client)).sort()).toEqual([writers.id, editors.id].sort()));
  });

  it("a replica that asks a team of another organization, in its own database, gets it refused by the hub and taken back", async () => {
    const { hub, params } = await reviewedSpace();
    const other = ok(await hub.owner.client.call('createOrganization', { params: undefined, body: { title: 'Elsewhere' } }));
    const outsiders = ok(await hub.owner.client.call('createOrganizationTeam', { params: { organizationId: other.id }, body: { title: 'Outsiders' } }));
    const replica = await current().replica();
    await eventually(() => expect(replica.engine.db.get('SELECT 1 FROM teams WHERE id = ?', outsiders.id)).toBeDefined());
    await eventually(async () => expect(ok(await replica.client.call('getChangeRequestById', { params })).subject).toBe('Guide'));
    const { revision } = ok(await replica.client.call('getChangeRequestById', { params }));
    replica.engine.db.run(
      `INSERT INTO change_request_requested_teams (change_request_id, team_id, requested_by, revision, created_at) VALUES (?, ?, ?, ?, '2026-01-01T00:00:00.000Z')`,
      params.changeRequestId, outsiders.id, hub.owner.id, revision,
    );
    await eventually(() => expect(replica.engine.db.get('SELECT 1 FROM change_request_requested_teams WHERE team_id = ?', outsiders.id)).toBeUndefined());
    expect(hub.engine.db.get('SELECT 1 FROM change_request_requested_teams WHERE team_id = ?', outsiders.id)).toBeUndefined();
  });
});
