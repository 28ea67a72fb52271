import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { THREADS } from '../../../../src-main/engine/domain/comments/doc.js';
import { MAIN, changeRequestBranch, commentsDoc } from '../../../../src-shared/sync/doc-names.js';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import type { ApiContract } from '../../../../src-shared/contract/index.js';
import type { OperationRequest } from '../../../../src-shared/contract/operation.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer, type TestUser } from '../../../support/server.js';
import { insertPage, writeContent } from './content.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

/** A fresh space with one change request (number 1). */
async function changeRequest() {
  const spaceId = (await newSpace(t.owner, t.organizationId)).id;
  const cr = ok(await call('createChangeRequest', { params: { spaceId }, body: { subject: 'Review me' } }));
  return { spaceId, cr, byId: { spaceId, changeRequestId: cr.id }, byNumber: { spaceId, changeRequestId: String(cr.number) } };
}

type InChangeRequest = { spaceId: string; changeRequestId: string };

async function post(params: InChangeRequest, markdown: string, extra: { page?: string } = {}, user: TestUser = t.owner) {
  return ok(await user.client.call('postCommentInChangeRequest', { params, body: { body: { markdown }, ...extra } }));
}

async function reply(params: InChangeRequest & { commentId: string }, markdown: string, user: TestUser = t.owner) {
  return ok(await user.client.call('postCommentReplyInChangeRequest', { params, body: { body: { markdown } } }));
}

const openComments = async (params: InChangeRequest) => ok(await call('getChangeRequestById', { params })).comments;

describe('change request comments, by id and by number', () => {
  it.each(['byId', 'byNumber'] as const)('posts, gets, edits, resolves, reopens and deletes, %s', async (how) => {
    const { spaceId, cr, ...named } = await changeRequest();
    const params = named[how];
    const [p1] = await writeContent(t.owner, named.byId, [insertPage('Proposed', { n1: 'New' })]);
    const { revision } = ok(await call('getChangeRequestById', { params }));
    const res = await call('postCommentInChangeRequest', {
      params,
      body: { body: { markdown: 'Why *this*?' }, page: p1, node: 'n1', tableCell: { record: 'r', definition: 'd' } },
    });
    expect(res.status).toBe(200);
    const comment = ok(res);
    const location = `${t.url}/v1/spaces/${spaceId}/change-requests/${cr.id}/comments/${comment.id}`;
    expect(comment).toMatchObject({
      object: 'comment',
      status: 'open',
      postedBy: { id: t.owner.id },
      body: { markdown: 'Why *this*?' },
      replies: 0,
      target: {
        space: spaceId, changeRequest: cr.id, revision,
        page: { id: p1 }, node: { id: 'n1' }, tableCell: { record: 'r', definition: 'd' },
      },
      urls: { location },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    const commentParams = { ...params, commentId: comment.id };
    expect(ok(await call('getCommentInChangeRequest', { params: commentParams }))).toEqual(comment);
    const asDocument = ok(await call('getCommentInChangeRequest', { params: commentParams, query: { format: 'document' } }));
    expect(asDocument.body).toMatchObject({ document: { object: 'document' } });

    t.clock.advance(1000);
    const edited = ok(await call('updateCommentInChangeRequest', { params: commentParams, body: { body: { markdown: 'Why?' } } }));
    expect(edited).toMatchObject({ body: { markdown: 'Why?' }, editedAt: t.clock.now().toISOString() });
    const resolved = ok(await call('updateCommentInChangeRequest', { params: commentParams, body: { resolved: true } }));
    expect(resolved).toMatchObject({ status: 'resolved', resolvedAt: t.clock.now().toISOString(), resolvedBy: { id: t.owner.id } });
    const reopened = ok(await call('updateCommentInChangeRequest', { params: commentParams, body: { resolved: false } }));
    expect(reopened.status).toBe('open');
    expect(reopened).not.toHaveProperty('resolvedAt');

    expect((await call('deleteCommentInChangeRequest', { params: commentParams })).status).toBe(204);
    expectFailure(await call('getCommentInChangeRequest', { params: commentParams }), 404);
    expectFailure(await call('deleteCommentInChangeRequest', { params: commentParams }), 404);
  });

  it('keeps the threads in the change request\'s comments doc, apart from the space\'s', async () => {
    const { spaceId, cr, byId } = await changeRequest();
    const { id } = await post(byId, 'In the doc');
    const threads = (branch: 'cr' | 'main') =>
      t.engine.docs.load(commentsDoc(spaceId, branch === 'cr' ? changeRequestBranch(cr.id) : MAIN)).getMap<Y.Map<unknown>>(THREADS);
    expect(threads('cr').get(id)?.get('body')).toBe('In the doc');
    expect(threads('main').has(id)).toBe(false);
    expect(ok(await call('listCommentsInSpace', { params: { spaceId } })).count).toBe(0);
    expect(ok(await call('getSpaceById', { params: { spaceId } })).comments).toBe(0);
    expectFailure(await call('getCommentInSpace', { params: { spaceId, commentId: id } }), 404);
    const own = ok(await call('postCommentInSpace', { params: { spaceId }, body: { body: {} } }));
    expectFailure(await call('getCommentInChangeRequest', { params: { ...byId, commentId: own.id } }), 404);
  });
});

describe('GET …/change-requests/{changeRequestId}/comments', () => {
  it('lists newest first, oldest first on asc, in pages, and filters', async () => {
    const { byId, byNumber } = await changeRequest();
    const [p1, p2] = await writeContent(t.owner, byId, [insertPage('One', {}), insertPage('Two', {})]);
    const other = t.user('comment');
    const first = await post(byId, 'one', { page: p1 });
    t.clock.advance(1000);
    const second = await post(byNumber, 'two', { page: p2 }, other);
    t.clock.advance(1000);
    const third = await post(byId, 'three', { page: p2 });
    ok(await call('updateCommentInChangeRequest', { params: { ...byId, commentId: third.id }, body: { resolved: true } }));
    const list = async (query: OperationRequest<ApiContract['listCommentsInChangeRequest']>['query']) =>
      ok(await call('listCommentsInChangeRequest', { params: byNumber, query })).items.map((c) => c.id);
    expect(await list({})).toEqual([third.id, second.id, first.id]);
    const page = ok(await call('listCommentsInChangeRequest', { params: byId, query: { order: 'asc', limit: 2 } }));
    expect([page.count, page.items.map((c) => c.id)]).toEqual([3, [first.id, second.id]]);
    const rest = ok(await call('listCommentsInChangeRequest', { params: byId, query: { order: 'asc', limit: 2, page: page.next!.page } }));
    expect(rest.items.map((c) => c.id)).toEqual([third.id]);
    expect(await list({ status: 'open' })).toEqual([second.id, first.id]);
    expect(await list({ status: 'resolved' })).toEqual([third.id]);
    expect(await list({ targetPage: p2 })).toEqual([third.id, second.id]);
    expect(await list({ authors: [other.id] })).toEqual([second.id]);
    const documents = ok(await call('listCommentsInChangeRequest', { params: byId, query: { format: 'document', limit: 1 } }));
    expect(documents.items[0]!.body).toMatchObject({ document: { object: 'document' } });
  });

  it('lists only the comments of that change request', async () => {
    const { spaceId, byId } = await changeRequest();
    const otherCr = ok(await call('createChangeRequest', { params: { spaceId }, body: {} }));
    const mine = await post(byId, 'mine');
    const theirs = await post({ spaceId, changeRequestId: otherCr.id }, 'theirs');
    expect(ok(await call('listCommentsInChangeRequest', { params: byId })).items.map((c) => c.id)).toEqual([mine.id]);
    expectFailure(await call('getCommentInChangeRequest', { params: { ...byId, commentId: theirs.id } }), 404);
  });
});

describe('replies to a change request comment', () => {
  it('posts, gets, lists in pages, edits, reacts and deletes', async () => {
    const { spaceId, cr, byId, byNumber } = await changeRequest();
    const { id: commentId } = await post(byId, 'Q?');
    const params = { ...byNumber, commentId };
    const other = t.user('comment');
    const first = await reply(params, 'a');
    t.clock.advance(1000);
    const second = await reply(params, 'b', other);
    t.clock.advance(1000);
    const third = await reply(params, 'c');
    expect(first).toMatchObject({
      object: 'comment-reply',
      urls: { location: `${t.url}/v1/spaces/${spaceId}/change-requests/${cr.id}/comments/${commentId}/replies/${first.id}` },
    });
    const withFormat = ok(await call('postCommentReplyInChangeRequest', { params, query: { format: 'document' }, body: { body: { markdown: 'd' } } }));
    expect(withFormat.body).toMatchObject({ document: { object: 'document' } });
    ok(await call('deleteCommentReplyInChangeRequest', { params: { ...params, commentReplyId: withFormat.id } }));

    const page = ok(await call('listCommentRepliesInChangeRequest', { params, query: { limit: 2 } }));
    expect([page.count, page.items.map((r) => r.id)]).toEqual([3, [first.id, second.id]]);
    const rest = ok(await call('listCommentRepliesInChangeRequest', { params, query: { limit: 2, page: page.next!.page } }));
    expect(rest.items.map((r) => r.id)).toEqual([third.id]);
    const comment = ok(await call('getCommentInChangeRequest', { params }));
    expect(comment.replies).toBe(3);
    expect(comment.repliers.map((r) => [r.user.id, r.count])).toEqual([[t.owner.id, 2], [other.id, 1]]);

    const replyParams = { ...params, commentReplyId: second.id };
    expect(ok(await call('getCommentReplyInChangeRequest', { params: replyParams })).body).toEqual({ markdown: 'b' });
    expectFailure(await call('updateCommentReplyInChangeRequest', { params: replyParams, body: { body: { markdown: 'x' } } }), 403);
    const edited = ok(await other.client.call('updateCommentReplyInChangeRequest', { params: replyParams, body: { body: { markdown: 'B' } } }));
    expect(edited).toMatchObject({ body: { markdown: 'B' }, editedAt: t.clock.now().toISOString() });
    const reacted = ok(await call('updateCommentReplyInChangeRequest', { params: replyParams, body: { addedReactions: ['👀', '👀'] } }));
    expect(reacted.reactions).toMatchObject([{ emoji: '👀', count: 1, users: [{ user: { id: t.owner.id } }] }]);

    expect((await call('deleteCommentReplyInChangeRequest', { params: replyParams })).status).toBe(204);
    expectFailure(await call('getCommentReplyInChangeRequest', { params: replyParams }), 404);
    expectFailure(await call('deleteCommentReplyInChangeRequest', { params: replyParams }), 404);
    expect(ok(await call('listCommentRepliesInChangeRequest', { params })).items.map((r) => r.id)).toEqual([first.id, third.id]);
  });

  it('resolves and reopens the thread when a reply is updated with `resolved`', async () => {
    const { byId } = await changeRequest();
    const { id: commentId } = await post(byId, 'Q?');
    const params = { ...byId, commentId };
    const answer = await reply(params, 'Done.');
    const replyParams = { ...params, commentReplyId: answer.id };
    ok(await call('updateCommentReplyInChangeRequest', { params: replyParams, body: { resolved: true } }));
    expect(ok(await call('getCommentInChangeRequest', { params }))).toMatchObject({ status: 'resolved', resolvedBy: { id: t.owner.id } });
    expect(await openComments(byId)).toBe(0);
    ok(await call('updateCommentReplyInChangeRequest', { params: replyParams, body: { resolved: false } }));
    expect(ok(await call('getCommentInChangeRequest', { params })).status).toBe('open');
  });

  it('is not found under another thread', async () => {
    const { byId } = await changeRequest();
    const here = await post(byId, 'here');
    const there = await post(byId, 'there');
    const answer = await reply({ ...byId, commentId: here.id }, 'a');
    const elsewhere = { ...byId, commentId: there.id, commentReplyId: answer.id };
    expectFailure(await call('getCommentReplyInChangeRequest', { params: elsewhere }), 404);
    expectFailure(await call('updateCommentReplyInChangeRequest', { params: elsewhere, body: { resolved: true } }), 404);
    expectFailure(await call('deleteCommentReplyInChangeRequest', { params: elsewhere }), 404);
  });
});

describe('reactions on a change request comment', () => {
  it('count once per user, and go', async () => {
    const { byId } = await changeRequest();
    const params = { ...byId, commentId: (await post(byId, 'react')).id };
    const other = t.user('comment');
    ok(await call('updateCommentInChangeRequest', { params, body: { addedReactions: ['👍', '👍'] } }));
    t.clock.advance(1000);
    const both = ok(await other.client.call('updateCommentInChangeRequest', { params, body: { addedReactions: ['👍', '🎉'] } }));
    expect(both.reactions.map((r) => [r.emoji, r.count])).toEqual([['👍', 2], ['🎉', 1]]);
    const removed = ok(await other.client.call('updateCommentInChangeRequest', { params, body: { removedReactions: ['👍', '🎉'] } }));
    expect(removed.reactions.map((r) => [r.emoji, r.count])).toEqual([['👍', 1]]);
  });
});

describe('ChangeRequest.comments', () => {
  it('counts the open comments of the change request, in its get and its lists', async () => {
    const { spaceId, byId, byNumber } = await changeRequest();
    const first = await post(byId, 'a');
    await post(byNumber, 'b');
    ok(await call('postCommentInSpace', { params: { spaceId }, body: { body: {} } }));
    expect(await openComments(byId)).toBe(2);
    ok(await call('updateCommentInChangeRequest', { params: { ...byId, commentId: first.id }, body: { resolved: true } }));
    expect(await openComments(byNumber)).toBe(1);
    const listed = ok(await call('listChangeRequestsForSpace', { params: { spaceId } }));
    expect(listed.items.map((cr) => cr.comments)).toEqual([1]);
    ok(await call('deleteCommentInChangeRequest', { params: { ...byId, commentId: first.id } }));
    expect(await openComments(byId)).toBe(1);
    expect(ok(await call('getSpaceById', { params: { spaceId } })).comments).toBe(1);
  });
});

describe('GET …/change-requests/{changeRequestId}/commenters', () => {
  it('lists each comment and reply author once, in the order they first posted, in pages', async () => {
    const { byId, byNumber } = await changeRequest();
    const [ann, bob, cid] = [t.user('comment'), t.user('read'), t.user('edit')];
    const { id: commentId } = await post(byId, 'first', {}, ann);
    t.clock.advance(1000);
    // A reader cannot post: bob's reply is refused and bob is no commenter.
    expectFailure(await bob.client.call('postCommentReplyInChangeRequest', { params: { ...byId, commentId }, body: { body: {} } }), 403);
    await reply({ ...byId, commentId }, 'owner replies');
    t.clock.advance(1000);
    await post(byId, 'again', {}, ann);
    await reply({ ...byId, commentId }, 'cid replies', cid);
    const first = ok(await call('listCommentersInChangeRequest', { params: byNumber, query: { limit: 2 } }));
    expect(first.count).toBe(3);
    expect(first.items.map((m) => m.id)).toEqual([ann.id, t.owner.id]);
    expect(first.items[0]).toMatchObject({ object: 'member', role: 'comment', user: { id: ann.id } });
    const rest = ok(await call('listCommentersInChangeRequest', { params: byNumber, query: { limit: 2, page: first.next!.page } }));
    expect(rest.items.map((m) => m.id)).toEqual([cid.id]);
    expect(rest.next).toBeUndefined();
  });

  it('is empty for a change request without comments', async () => {
    const { byId } = await changeRequest();
    expect(ok(await call('listCommentersInChangeRequest', { params: byId }))).toEqual({ items: [], count: 0 });
  });
});

describe('a merged change request', () => {
  it('keeps its comments readable and changeable, and takes no new comments or replies', async () => {
    const { cr, byId } = await changeRequest();
    const { id: commentId } = await post(byId, 'before the merge');
    const params = { ...byId, commentId };
    const answer = await reply(params, 'answer');
    // Merging is its own operation; the state it leaves is what matters here.
    t.engine.db.run("UPDATE change_requests SET status = 'merged' WHERE id = ?", cr.id);
    const comment = ok(await call('getCommentInChangeRequest', { params }));
    expect(comment.permissions.reply).toBe(false);
    expect(ok(await call('listCommentsInChangeRequest', { params: byId })).count).toBe(1);
    expectFailure(await call('postCommentInChangeRequest', { params: byId, body: { body: {} } }), 409, /^changeRequest: /);
    expectFailure(await call('postCommentReplyInChangeRequest', { params, body: { body: {} } }), 409, /^changeRequest: /);
    ok(await call('updateCommentInChangeRequest', { params, body: { resolved: true, addedReactions: ['✅'] } }));
    ok(await call('deleteCommentReplyInChangeRequest', { params: { ...params, commentReplyId: answer.id } }));
    ok(await call('deleteCommentInChangeRequest', { params }));
  });
});

describe('not found', () => {
  it('answers 404 for an unknown change request, by id or number, and an unknown comment', async () => {
    const { spaceId, byId } = await changeRequest();
    const { id: commentId } = await post(byId, 'x');
    for (const changeRequestId of ['nope', '99']) {
      const params = { spaceId, changeRequestId };
      expectFailure(await call('listCommentsInChangeRequest', { params }), 404);
      expectFailure(await call('postCommentInChangeRequest', { params, body: { body: {} } }), 404);
      expectFailure(await call('getCommentInChangeRequest', { params: { ...params, commentId } }), 404);
      expectFailure(await call('listCommentersInChangeRequest', { params }), 404);
    }
    const unknown = { ...byId, commentId: 'unknown' };
    expectFailure(await call('getCommentInChangeRequest', { params: unknown }), 404);
    expectFailure(await call('updateCommentInChangeRequest', { params: unknown, body: { resolved: true } }), 404);
    expectFailure(await call('deleteCommentInChangeRequest', { params: unknown }), 404);
    expectFailure(await call('listCommentRepliesInChangeRequest', { params: unknown }), 404);
    expectFailure(await call('postCommentReplyInChangeRequest', { params: unknown, body: { body: {} } }), 404);
    expectFailure(await call('getCommentReplyInChangeRequest', { params: { ...byId, commentId, commentReplyId: 'unknown' } }), 404);
    expectFailure(await call('listCommentsInChangeRequest', { params: { spaceId: 'nope', changeRequestId: '1' } }), 404);
  });

  it('a change request of a space in the trash keeps its comments readable and closed to changes', async () => {
    const { spaceId, byId } = await changeRequest();
    const params = { ...byId, commentId: (await post(byId, 'kept')).id };
    ok(await call('deleteSpaceById', { params: { spaceId } }));
    expect(ok(await call('listCommentsInChangeRequest', { params: byId })).count).toBe(1);
    ok(await call('getCommentInChangeRequest', { params }));
    ok(await call('listCommentersInChangeRequest', { params: byId }));
    expectFailure(await call('postCommentInChangeRequest', { params: byId, body: { body: {} } }), 404);
    expectFailure(await call('updateCommentInChangeRequest', { params, body: { resolved: true } }), 404);
  });
});
