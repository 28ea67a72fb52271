import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer, raw, type TestUser } from '../../../support/server.js';
import { created, write } from '../content/fixture.js';

let t: TestServer;
let reviewer: TestUser;
let editor: TestUser;
beforeAll(async () => {
  t = await TestServer.start();
  reviewer = t.user('review');
  editor = t.user('edit');
});
afterAll(() => t.stop());

const DOCUMENT = (text: string) => ({
  object: 'document' as const,
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
});

/** A space with a Guide page in main, and a change request the editor opened and edited. */
async function changeRequestToReview() {
  const space = await newSpace(t.owner, t.organizationId);
  const first = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Pages' } }));
  const [guide] = await created(t.owner, { spaceId: space.id, changeRequestId: first.id }, [
    { operation: 'insert_page', title: 'Guide', document: { markdown: 'First.\n\nSecond.\n' } },
  ]);
  ok(await t.owner.client.call('mergeChangeRequest', { params: { spaceId: space.id, changeRequestId: first.id } }));
  const cr = ok(await editor.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Better guide' } }));
  const params = { spaceId: space.id, changeRequestId: cr.id };
  ok(await write(editor, params, [{ operation: 'update_page', page: guide!, document: { markdown: 'First, better.\n\nSecond.\n' } }]));
  return { spaceId: space.id, guide: guide!, params, cr };
}

const setRules = (spaceId: string, rules: object[]) =>
  t.owner.client.call('updateSpaceById', { params: { spaceId }, body: { mergeRules: { type: 'rules', rules: rules as never } } });

describe('reviews of a change request', () => {
  it('are submitted by a reviewer (201, Location), with a comment that is a thread of the change request', async () => {
    const { params, cr } = await changeRequestToReview();
    const res = await reviewer.client.call('submitChangeRequestReview', { params, body: { status: 'approved', comment: DOCUMENT('Looks right.') } });
    expect(res.status).toBe(201);
    const review = ok(res);
    expect(res.headers.location).toBe(review.urls.location);
    expect(review).toMatchObject({
      object: 'change-request-review',
      status: 'approved',
      outdated: false,
      revision: ok(await t.owner.client.call('getChangeRequestById', { params })).revision,
      reviewer: { id: reviewer.id },
      comment: { body: { markdown: 'Looks right.\n' }, postedBy: { id: reviewer.id }, target: { changeRequest: cr.id, review: review.id } },
    });
    expect(review).not.toHaveProperty('requestedBy');
    expect(ok(await reviewer.client.call('getChangeRequestReviewById', { params: { ...params, reviewId: review.id }, query: {} }))).toEqual(review);
    const threads = ok(await t.owner.client.call('listCommentsInChangeRequest', { params, query: {} }));
    expect(threads.items.map((comment) => comment.id)).toEqual([review.comment!.id]);
    const asDocument = ok(await t.owner.client.call('getChangeRequestReviewById', { params: { ...params, reviewId: review.id }, query: { format: 'document' } }));
    expect(asDocument.comment!.body).toMatchObject({ document: { object: 'document' } });
  });

  it('become outdated once the change request moves on, or its reviewer reviews again; the list filters on it', async () => {
    const { params, guide } = await changeRequestToReview();
    const first = ok(await reviewer.client.call('submitChangeRequestReview', { params, body: { status: 'changes-requested' } }));
    ok(await write(editor, params, [{ operation: 'update_page', page: guide, document: { markdown: 'First, much better.\n\nSecond.\n' } }]));
    expect(ok(await t.owner.client.call('getChangeRequestReviewById', { params: { ...params, reviewId: first.id }, query: {} })).outdated).toBe(true);
    t.clock.advance(1000);
    const second = ok(await reviewer.client.call('submitChangeRequestReview', { params, body: { status: 'approved' } }));
    t.clock.advance(1000);
    const other = ok(await t.owner.client.call('submitChangeRequestReview', { params, body: { status: 'approved' } }));
    const list = async (outdated?: 'true' | 'false') =>
      ok(await t.owner.client.call('getReviewsByChangeRequestId', { params, query: outdated ? { outdated } : {} })).items.map((review) => review.id);
    expect(await list()).toEqual([other.id, second.id, first.id]);
    expect(await list('true')).toEqual([first.id]);
    expect(await list('false')).toEqual([other.id, second.id]);
    t.clock.advance(1000);
    const again = ok(await reviewer.client.call('submitChangeRequestReview', { params, body: { status: 'changes-requested' } }));
    expect(await list('false')).toEqual([again.id, other.id]);
  });

  it('take the review role, answer 404 for an unknown review, and refuse a merged change request with 409', async () => {
    const { params } = await changeRequestToReview();
    for (const role of ['read', 'comment', 'edit'] as const) {
      expectFailure(await t.user(role).client.call('submitChangeRequestReview', { params, body: { status: 'approved' } }), 403);
    }
    expectFailure(await t.owner.client.call('getChangeRequestReviewById', { params: { ...params, reviewId: 'nope' }, query: {} }), 404);
    const bad = await raw(`${t.url}/v1/spaces/${params.spaceId}/change-requests/${params.changeRequestId}/reviews`, {
      method: 'POST', token: reviewer.token, body: JSON.stringify({ status: 'maybe' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^body\.status: /);
    ok(await t.owner.client.call('mergeChangeRequest', { params }));
    expectFailure(await reviewer.client.call('submitChangeRequestReview', { params, body: { status: 'approved' } }), 409, /^status: /);
    expect(ok(await t.owner.client.call('getReviewsByChangeRequestId', { params, query: {} })).count).toBe(0);
  });

  it("are refused to the change request's author while the merge rules ask for reviews", async () => {
    const { spaceId, params } = await changeRequestToReview();
    const author = editor;
    ok(await t.owner.client.call('updateMemberInOrganizationById', { params: { organizationId: t.organizationId, userId: author.id }, body: { role: 'review' } }));
    try {
      expect(ok(await author.client.call('submitChangeRequestReview', { params, body: { status: 'approved' } })).status).toBe('approved');
      ok(await setRules(spaceId, [{ rule: 'require_at_least_one_review' }]));
      expectFailure(await author.client.call('submitChangeRequestReview', { params, body: { status: 'approved' } }), 403, /^mergeRules: /);
    } finally {
      ok(await t.owner.client.call('updateMemberInOrganizationById', { params: { organizationId: t.organizationId, userId: author.id }, body: { role: 'edit' } }));
    }
  });
});

describe('requested reviewers', () => {
  it('are asked by an editor, listed, filtered on in both lists, named on their review, and withdrawn (205, then 204)', async () => {
    const { spaceId, params, cr } = await changeRequestToReview();
    const asked = ok(await editor.client.call('requestReviewersForChangeRequest', { params, body: { users: [reviewer.id], subject: 'Better guide, please review' } }));
    expect(asked.users).toMatchObject([{ object: 'change-request-requested-reviewer', kind: 'user', user: { id: reviewer.id }, requestedBy: { id: editor.id } }]);
    expect(ok(await t.owner.client.call('getChangeRequestById', { params })).subject).toBe('Better guide, please review');
    const listed = ok(await t.owner.client.call('getRequestedReviewersByChangeRequestId', { params, query: {} }));
    expect(listed).toMatchObject({ count: 1, items: asked.users });

    const inSpace = ok(await t.owner.client.call('listChangeRequestsForSpace', { params: { spaceId }, query: { requestedReviewer: reviewer.id } }));
    expect(inSpace.items.map((item) => item.id)).toEqual([cr.id]);
    expect(ok(await t.owner.client.call('listChangeRequestsForSpace', { params: { spaceId }, query: { requestedReviewer: editor.id } })).items).toEqual([]);
    const inOrganization = ok(await t.owner.client.call('listChangeRequestsForOrganization', { params: { organizationId: t.organizationId }, query: { requestedReviewer: reviewer.id } }));
    expect(inOrganization.items.map((item) => item.id)).toContain(cr.id);

    const review = ok(await reviewer.client.call('submitChangeRequestReview', { params, body: { status: 'approved' } }));
    expect(review.requestedBy).toMatchObject({ id: editor.id });

    const path = `${t.url}/v1/spaces/${spaceId}/change-requests/${cr.id}/requested-reviewers/${reviewer.id}`;
    expect((await raw(path, { method: 'DELETE', token: editor.token })).status).toBe(205);
    expect((await raw(path, { method: 'DELETE', token: editor.token })).status).toBe(204);
    expect(ok(await t.owner.client.call('getRequestedReviewersByChangeRequestId', { params, query: {} })).count).toBe(0);
  });

  it('refuse users who cannot review, the author, and callers without the edit role, asking no one', async () => {
    const { params } = await changeRequestToReview();
    const commenter = t.user('comment');
    expectFailure(await editor.client.call('requestReviewersForChangeRequest', { params, body: { users: [reviewer.id, commenter.id] } }), 400, /^body\.users\.1: /);
    expectFailure(await editor.client.call('requestReviewersForChangeRequest', { params, body: { users: [editor.id] } }), 400, /^body\.users\.0: .*author/);
    expectFailure(await editor.client.call('requestReviewersForChangeRequest', { params, body: { users: ['nobody'] } }), 400, /^body\.users\.0: /);
    expectFailure(await commenter.client.call('requestReviewersForChangeRequest', { params, body: { users: [reviewer.id] } }), 403);
    expect(ok(await t.owner.client.call('getRequestedReviewersByChangeRequestId', { params, query: {} })).count).toBe(0);
  });
});

describe('teams as requested reviewers', () => {
  it('are asked by an editor beside users, listed as kind team, count their members as requested, name the asker on a member\'s review, and are withdrawn', async () => {
    const { spaceId, params, cr } = await changeRequestToReview();
    const member = t.user('review');
    const team = ok(await t.owner.client.call('createOrganizationTeam', { params: { organizationId: t.organizationId }, body: { title: 'Writers', members: [member.id] } }));
    const asked = ok(await editor.client.call('requestReviewersForChangeRequest', { params, body: { users: [reviewer.id], teams: [team.id, team.id] } }));
    expect(asked.users).toMatchObject([
      { object: 'change-request-requested-reviewer', kind: 'user', user: { id: reviewer.id }, requestedBy: { id: editor.id } },
      { object: 'change-request-requested-reviewer', kind: 'team', team: { object: 'team', id: team.id }, requestedBy: { id: editor.id } },
    ]);
    expect(ok(await t.owner.client.call('getRequestedReviewersByChangeRequestId', { params, query: {} }))).toMatchObject({ count: 2, items: asked.users });
    // Asked again: the first request stands.
    t.clock.advance(1000);
    ok(await t.owner.client.call('requestReviewersForChangeRequest', { params, body: { users: [], teams: [team.id] } }));
    expect(ok(await t.owner.client.call('getRequestedReviewersByChangeRequestId', { params, query: {} })).items[1]).toEqual(asked.users[1]);

    // A member of the team is asked through it.
    const forMember = ok(await t.owner.client.call('listChangeRequestsForSpace', { params: { spaceId }, query: { requestedReviewer: member.id } }));
    expect(forMember.items.map((item) => item.id)).toEqual([cr.id]);
    const inOrganization = ok(await t.owner.client.call('listChangeRequestsForOrganization', { params: { organizationId: t.organizationId }, query: { requestedReviewer: member.id } }));
    expect(inOrganization.items.map((item) => item.id)).toContain(cr.id);
    const review = ok(await member.client.call('submitChangeRequestReview', { params, body: { status: 'approved' } }));
    expect(review.requestedBy).toMatchObject({ id: editor.id });

    const path = `${t.url}/v1/spaces/${spaceId}/change-requests/${cr.id}/requested-reviewers/${team.id}`;
    expect((await raw(path, { method: 'DELETE', token: editor.token })).status).toBe(205);
    expect((await raw(path, { method: 'DELETE', token: editor.token })).status).toBe(204);
    expect(ok(await t.owner.client.call('getRequestedReviewersByChangeRequestId', { params, query: {} })).items).toMatchObject([{ kind: 'user', user: { id: reviewer.id } }]);
    expect(ok(await t.owner.client.call('listChangeRequestsForSpace', { params: { spaceId }, query: { requestedReviewer: member.id } })).items).toEqual([]);
  });

  it('refuse a team of another organization or none, and callers without the edit role, asking no one', async () => {
    const { params } = await changeRequestToReview();
    const commenter = t.user('comment');
    const team = ok(await t.owner.client.call('createOrganizationTeam', { params: { organizationId: t.organizationId }, body: { title: 'Editors' } }));
    const elsewhere = ok(await t.owner.client.call('createOrganization', { params: undefined, body: { title: 'Elsewhere' } }));
    const foreign = ok(await t.owner.client.call('createOrganizationTeam', { params: { organizationId: elsewhere.id }, body: { title: 'Foreign' } }));
    expectFailure(await editor.client.call('requestReviewersForChangeRequest', { params, body: { users: [reviewer.id], teams: [team.id, foreign.id] } }), 400, /^body\.teams\.1: no team /);
    expectFailure(await editor.client.call('requestReviewersForChangeRequest', { params, body: { users: [], teams: ['nobody'] } }), 400, /^body\.teams\.0: no team nobody/);
    expectFailure(await editor.client.call('requestReviewersForChangeRequest', { params, body: { users: [], teams: ['not an id'] } }), 400, /^body\.teams\.0/);
    expectFailure(await commenter.client.call('requestReviewersForChangeRequest', { params, body: { users: [], teams: [team.id] } }), 403);
    expect(ok(await t.owner.client.call('getRequestedReviewersByChangeRequestId', { params, query: {} })).count).toBe(0);
  });
});

describe('contributors', () => {
  it('are those who edited and those who commented, with how many times and when last', async () => {
    const { params, guide } = await changeRequestToReview();
    t.clock.advance(60_000);
    ok(await write(editor, params, [{ operation: 'update_page', page: guide, title: 'Guidance' }]));
    const edited = t.clock.now().toISOString();
    t.clock.advance(60_000);
    ok(await reviewer.client.call('postCommentInChangeRequest', { params, body: { body: { markdown: 'Why the rename?' } } }));
    const list = ok(await t.owner.client.call('getContributorsByChangeRequestId', { params, query: {} }));
    // Created, edited, edited again: three edits; the comment came last.
    expect(list.items.map((item) => [item.user.id, item.actionType, item.count, item.updatedAt])).toEqual([
      [reviewer.id, 'comment', 1, t.clock.now().toISOString()],
      [editor.id, 'edit', 3, edited],
    ]);
    const byCommenter = ok(await t.owner.client.call('listChangeRequestsForSpace', { params: { spaceId: params.spaceId }, query: { contributor: reviewer.id } }));
    expect(byCommenter.items.map((item) => item.id)).toEqual([params.changeRequestId]);
  });
});

describe('changes', () => {
  it("are the change request's own against its base: pages created, edited, deleted, moved, and files; a merged one's stay its own", async () => {
    const { spaceId, params, guide } = await changeRequestToReview();
    const [faq] = await created(editor, params, [{ operation: 'insert_page', title: 'FAQ', document: { markdown: 'Q.\n' } }]);
    ok(await write(editor, params, [{ operation: 'update_page', page: guide, title: 'Guidance' }]));
    ok(await write(editor, params, [{ operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64: 'aGk=' }] }]));
    const changes = ok(await t.owner.client.call('getChangeRequestChanges', { params, query: {} }));
    const summary = (list: typeof changes) =>
      list.changes.map((change) => ('page' in change ? [change.type, change.page.title] : [change.type, change.file.name]));
    expect(summary(changes).sort()).toEqual([['file_created', 'a.txt'], ['page_created', 'FAQ'], ['page_edited', 'Guidance']].sort());
    const edited = changes.changes.find((change) => change.type === 'page_edited');
    expect(edited).toMatchObject({ attributes: { title: { before: 'Guide', after: 'Guidance' }, document: { before: expect.any(String), after: expect.any(String) } } });
    expect(ok(await t.owner.client.call('getChangeRequestChanges', { params, query: { limit: 1 } }))).toMatchObject({ changes: [expect.anything()], more: 2 });

    ok(await t.owner.client.call('mergeChangeRequest', { params }));
    const later = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: {} }));
    ok(await write(t.owner, { spaceId, changeRequestId: later.id }, [{ operation: 'delete_page', page: faq! }, { operation: 'update_page', page: guide, document: { markdown: 'Rewritten.\n' } }]));
    ok(await t.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: later.id } }));
    const after = ok(await t.owner.client.call('getChangeRequestChanges', { params, query: {} }));
    expect(summary(after).sort()).toEqual(summary(changes).sort());
    expect(after.mergedFrom).toMatchObject({ id: params.changeRequestId, status: 'merged' });
  });
});

describe('merge rules', () => {
  it('refuse a merge with 409 naming the unmet rule, until reviews meet it; allow_bypass lets its users through', async () => {
    const other = t.user('review');
    const cases: [object[], (params: { spaceId: string; changeRequestId: string }) => Promise<void>][] = [
      [[{ rule: 'require_at_least_one_review' }], async (params) => void ok(await reviewer.client.call('submitChangeRequestReview', { params, body: { status: 'changes-requested' } }))],
      [[{ rule: 'require_specific_reviewers', users: [reviewer.id, other.id] }], async (params) => {
        ok(await reviewer.client.call('submitChangeRequestReview', { params, body: { status: 'approved' } }));
        expectFailure(await t.owner.client.call('mergeChangeRequest', { params }), 409, /^mergeRules: require_specific_reviewers: waiting for the approval of User \d+$/);
        ok(await other.client.call('submitChangeRequestReview', { params, body: { status: 'approved' } }));
      }],
      [[{ rule: 'require_one_of_specific_reviewers', users: [reviewer.id, other.id] }], async (params) => void ok(await other.client.call('submitChangeRequestReview', { params, body: { status: 'approved' } }))],
      [[{ rule: 'require_all_reviews_approved' }], async (params) => {
        ok(await reviewer.client.call('submitChangeRequestReview', { params, body: { status: 'changes-requested' } }));
        expectFailure(await t.owner.client.call('mergeChangeRequest', { params }), 409, /^mergeRules: require_all_reviews_approved: /);
        t.clock.advance(1000);
        ok(await reviewer.client.call('submitChangeRequestReview', { params, body: { status: 'approved' } }));
      }],
    ];
    for (const [rules, meet] of cases) {
      const { spaceId, params } = await changeRequestToReview();
      ok(await setRules(spaceId, rules));
      const name = (rules[0] as { rule: string }).rule;
      if (name !== 'require_all_reviews_approved') expectFailure(await t.owner.client.call('mergeChangeRequest', { params }), 409, new RegExp(`^mergeRules: ${name}: `));
      await meet(params);
      expect(ok(await t.owner.client.call('mergeChangeRequest', { params })).result).toBe('merge');
    }
  });

  it('count only reviews of the current revision, and are inherited from the organization', async () => {
    const { spaceId, params, guide } = await changeRequestToReview();
    ok(await t.owner.client.call('updateOrganizationById', { params: { organizationId: t.organizationId }, body: { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] } } }));
    try {
      ok(await t.owner.client.call('updateSpaceById', { params: { spaceId }, body: { mergeRules: { type: 'inherit' } } }));
      ok(await reviewer.client.call('submitChangeRequestReview', { params, body: { status: 'approved' } }));
      ok(await write(editor, params, [{ operation: 'update_page', page: guide, title: 'Moved on' }]));
      expectFailure(await t.owner.client.call('mergeChangeRequest', { params }), 409, /^mergeRules: require_at_least_one_review: /);
      ok(await setRules(spaceId, [{ rule: 'require_at_least_one_review' }, { rule: 'allow_bypass', users: [t.owner.id] }]));
      expect(ok(await t.owner.client.call('mergeChangeRequest', { params })).result).toBe('merge');
    } finally {
      ok(await t.owner.client.call('updateOrganizationById', { params: { organizationId: t.organizationId }, body: { mergeRules: { type: 'none' } } }));
    }
  });
});

describe('the diff of a change request (Folio extension)', () => {
  it("gives every changed page with its base's and its head's body, and a merged one's stays its own", async () => {
    const { spaceId, params, guide } = await changeRequestToReview();
    const [faq] = await created(editor, params, [{ operation: 'insert_page', title: 'FAQ', document: { markdown: 'Q.\n' } }]);
    const diff = ok(await t.owner.client.call('getChangeRequestDiff', { params }));
    const text = (side: { document?: unknown } | null) => JSON.stringify(side?.document ?? null).match(/"text":"([^"]*)"/g)?.join(' ');
    expect(diff.pages.map((page) => [page.page.title, page.change, text(page.before), text(page.after)])).toEqual([
      ['Guide', 'edited', '"text":"First." "text":"Second."', '"text":"First, better." "text":"Second."'],
      ['FAQ', 'created', undefined, '"text":"Q."'],
    ]);
    ok(await t.owner.client.call('mergeChangeRequest', { params }));
    const later = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: {} }));
    ok(await write(t.owner, { spaceId, changeRequestId: later.id }, [{ operation: 'delete_page', page: faq! }, { operation: 'update_page', page: guide, document: { markdown: 'Rewritten.\n' } }]));
    ok(await t.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: later.id } }));
    expect(ok(await t.owner.client.call('getChangeRequestDiff', { params }))).toEqual(diff);
    // Merged, it is not behind main, however main moved since.
    expect(ok(await t.owner.client.call('getChangeRequestById', { params })).outdated).toBe(false);
  });
});

describe('the diff of a change request, read again', () => {
  const text = (side: { document?: unknown } | null) => JSON.stringify(side?.document ?? null).match(/"text":"([^"]*)"/g)?.join(' ');
  const sides = (diff: { pages: { page: { title: string }; before: { document?: unknown } | null; after: { document?: unknown } | null }[] }) =>
    diff.pages.map((page) => [page.page.title, text(page.before), text(page.after)]);

  it('follows every write of the change request and every move of its base, and a comment leaves it as it was', async () => {
    const { spaceId, params, guide } = await changeRequestToReview();
    const first = ok(await reviewer.client.call('getChangeRequestDiff', { params }));
    expect(sides(first)).toEqual([['Guide', '"text":"First." "text":"Second."', '"text":"First, better." "text":"Second."']]);
    // A comment is no change of the content: the same answer.
    ok(await reviewer.client.call('postCommentInChangeRequest', { params, body: { body: { markdown: 'Why?' }, page: guide } }));
    expect(ok(await reviewer.client.call('getChangeRequestDiff', { params }))).toEqual(first);
    // Its content written again: the new head.
    ok(await write(editor, params, [{ operation: 'update_page', page: guide, document: { markdown: 'First, best.\n\nSecond.\n' } }]));
    expect(sides(ok(await reviewer.client.call('getChangeRequestDiff', { params })))).toEqual([
      ['Guide', '"text":"First." "text":"Second."', '"text":"First, best." "text":"Second."'],
    ]);
    // Main moved and was pulled in: the base is main's new text, and main's change is no change of the change request's.
    const other = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: {} }));
    ok(await write(t.owner, { spaceId, changeRequestId: other.id }, [{ operation: 'update_page', page: guide, document: { markdown: 'First.\n\nSecond, from main.\n' } }]));
    ok(await t.owner.client.call('mergeChangeRequest', { params: { spaceId, changeRequestId: other.id } }));
    ok(await editor.client.call('updateChangeRequest', { params }));
    expect(sides(ok(await reviewer.client.call('getChangeRequestDiff', { params })))).toEqual([
      ['Guide', '"text":"First." "text":"Second, from main."', '"text":"First, best." "text":"Second, from main."'],
    ]);
  });
});
