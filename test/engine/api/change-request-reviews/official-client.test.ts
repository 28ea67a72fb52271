import { ChangeRequestReviewStatus, GitBookAPI } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { newSpace, ok } from '../../../support/content.js';
import { officialClientServer } from '../../../support/official-client.js';
import { created } from '../content/fixture.js';

const test = officialClientServer();

describe('@gitbook/api review calls against Folio', () => {
  it('asks for a review, reviews, lists reviews, reviewers, contributors and changes, and withdraws a request', async () => {
    const { api, t } = test;
    const reviewer = t.user('review');
    const asReviewer = new GitBookAPI({ endpoint: t.url, authToken: reviewer.token });
    const space = await newSpace(t.owner, t.organizationId);
    const cr = await api.spaces.createChangeRequest(space.id, { subject: 'Guide' });
    await created(t.owner, { spaceId: space.id, changeRequestId: cr.data.id }, [{ operation: 'insert_page', title: 'Guide', document: { markdown: 'Hi.\n' } }]);

    const asked = await api.spaces.requestReviewersForChangeRequest(space.id, cr.data.id, { users: [reviewer.id] });
    expect(asked.data.users).toMatchObject([{ kind: 'user', user: { id: reviewer.id } }]);
    const reviewers = await api.spaces.getRequestedReviewersByChangeRequestId(space.id, cr.data.id);
    expect(reviewers.data.items).toHaveLength(1);

    const comment = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Good.', marks: [] }] }] }] };
    const review = await asReviewer.spaces.submitChangeRequestReview(space.id, cr.data.id, { status: ChangeRequestReviewStatus.Approved, comment: comment as never });
    expect(review.status).toBe(201);
    expect(review.data).toMatchObject({ object: 'change-request-review', status: 'approved', outdated: false, requestedBy: { id: t.owner.id } });
    const listed = await api.spaces.getReviewsByChangeRequestId(space.id, cr.data.id, { outdated: false });
    expect(listed.data.items.map((item) => item.id)).toEqual([review.data.id]);
    const one = await api.spaces.getChangeRequestReviewById(space.id, cr.data.id, review.data.id, { format: 'markdown' });
    expect(one.data.comment).toMatchObject({ body: { markdown: 'Good.\n' } });

    const contributors = await api.spaces.getContributorsByChangeRequestId(space.id, cr.data.id);
    expect(contributors.data.items.map((item) => [item.user.id, item.actionType])).toContainEqual([t.owner.id, 'edit']);
    const changes = await api.spaces.getChangeRequestChanges(space.id, cr.data.id);
    expect(changes.data.changes).toMatchObject([{ type: 'page_created', page: { title: 'Guide' } }]);
    const filtered = await api.spaces.listChangeRequestsForSpace(space.id, { requestedReviewer: reviewer.id });
    expect(filtered.data.items.map((item) => item.id)).toEqual([cr.data.id]);

    const removed = await api.spaces.removeRequestedReviewerFromChangeRequest(space.id, cr.data.id, reviewer.id);
    expect(removed.status).toBe(205);
    expect(ok(await t.owner.client.call('getRequestedReviewersByChangeRequestId', { params: { spaceId: space.id, changeRequestId: cr.data.id }, query: {} })).count).toBe(0);
    expect((await api.spaces.mergeChangeRequest(space.id, cr.data.id)).data.result).toBe('merge');
  });

  it('reads a team asked to review as 0.146.0 types it (kind team), and withdraws it by its id', async () => {
    const { api, t } = test;
    const member = t.user('review');
    const team = ok(await t.owner.client.call('createOrganizationTeam', { params: { organizationId: t.organizationId }, body: { title: 'Reviewers', members: [member.id] } }));
    const space = await newSpace(t.owner, t.organizationId);
    const cr = await api.spaces.createChangeRequest(space.id, { subject: 'Guide' });
    // `teams` is Folio's extension of the body: the reference's types know `users` only.
    const asked = await api.spaces.requestReviewersForChangeRequest(space.id, cr.data.id, { users: [], teams: [team.id] } as never);
    expect(asked.data.users).toMatchObject([{ object: 'change-request-requested-reviewer', kind: 'team', team: { object: 'team', id: team.id } }]);
    const listed = await api.spaces.getRequestedReviewersByChangeRequestId(space.id, cr.data.id);
    const [entry] = listed.data.items;
    expect(entry?.kind === 'team' ? entry.team.id : undefined).toBe(team.id);
    const filtered = await api.spaces.listChangeRequestsForSpace(space.id, { requestedReviewer: member.id });
    expect(filtered.data.items.map((item) => item.id)).toEqual([cr.data.id]);
    expect((await api.spaces.removeRequestedReviewerFromChangeRequest(space.id, cr.data.id, team.id)).status).toBe(205);
    expect((await api.spaces.getRequestedReviewersByChangeRequestId(space.id, cr.data.id)).data.items).toEqual([]);
  });
});
