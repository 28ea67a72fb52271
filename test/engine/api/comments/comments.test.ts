import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import type { ApiContract } from '../../../../src-shared/contract/index.js';
import type { OperationRequest } from '../../../../src-shared/contract/operation.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer, raw, type TestUser } from '../../../support/server.js';
import { changeMain, insertPage, pageOnMain } from './content.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

const space = async () => (await newSpace(t.owner, t.organizationId)).id;

async function post(spaceId: string, markdown: string, extra: { page?: string; node?: string } = {}, user: TestUser = t.owner) {
  return ok(await user.client.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown }, ...extra } }));
}

describe('POST /v1/spaces/{spaceId}/comments', () => {
  it('posts an open comment with 200, its author, target and address', async () => {
    const spaceId = await space();
    const p1 = await pageOnMain(t.owner, spaceId, { n1: 'Commented' });
    const { revision } = ok(await call('getSpaceById', { params: { spaceId } }));
    const res = await call('postCommentInSpace', {
      params: { spaceId },
      body: { body: { markdown: 'Hello **there**' }, page: p1, node: 'n1', tableCell: { record: 'r', definition: 'd' } },
    });
    expect(res.status).toBe(200);
    const comment = ok(res);
    expect(comment).toMatchObject({
      object: 'comment',
      status: 'open',
      postedBy: { id: t.owner.id },
      postedAt: t.clock.now().toISOString(),
      body: { markdown: 'Hello **there**' },
      reactions: [],
      replies: 0,
      repliers: [],
      target: { space: spaceId, revision, page: { id: p1 }, node: { id: 'n1' }, tableCell: { record: 'r', definition: 'd' } },
      urls: { location: `${t.url}/v1/spaces/${spaceId}/comments/${comment.id}` },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    expect(comment).not.toHaveProperty('editedAt');
    expect(ok(await call('getCommentInSpace', { params: { spaceId, commentId: comment.id } }))).toEqual(comment);
  });

  it('takes a Document body and stores it as Markdown, and an empty body', async () => {
    const spaceId = await space();
    const { document } = ok(await call('getCommentInSpace', {
      params: { spaceId, commentId: (await post(spaceId, 'A *b* c')).id },
      query: { format: 'document' },
    })).body as { document: any };
    const fromDocument = ok(await call('postCommentInSpace', { params: { spaceId }, body: { body: { document } } }));
    expect(fromDocument.body).toEqual({ markdown: 'A *b* c\n' });
    const empty = ok(await call('postCommentInSpace', { params: { spaceId }, body: { body: {} } }));
    expect(empty.body).toEqual({ markdown: '' });
  });

  it('answers a body as the same document at every read: it is converted once, not parsed again at each', async () => {
    const spaceId = await space();
    const { id: commentId } = await post(spaceId, '# Title\n\n- one\n- *two*\n');
    const read = async () => ok(await call('getCommentInSpace', { params: { spaceId, commentId }, query: { format: 'document' } })).body;
    const first = await read();
    expect(first).toMatchObject({ document: { object: 'document', nodes: [{ type: 'heading-1' }, { type: 'list-unordered' }] } });
    expect(await read()).toEqual(first);
    const listed = ok(await call('listCommentsInSpace', { params: { spaceId }, query: { format: 'document' } })).items[0]!.body;
    expect(listed).toEqual(first);
  });

  it('refuses a body that is none of the three variants, naming body.body', async () => {
    const spaceId = await space();
    const res = await raw(`${t.url}/v1/spaces/${spaceId}/comments`, {
      method: 'POST',
      token: t.owner.token,
      body: JSON.stringify({ body: { markdown: 'x', extra: 1 } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^body\.body/);
  });

  it('answers 404 for an unknown space', async () => {
    expectFailure(await call('postCommentInSpace', { params: { spaceId: 'nope' }, body: { body: { markdown: 'x' } } }), 404);
  });
});

describe('GET /v1/spaces/{spaceId}/comments', () => {
  it('lists newest first by default, oldest first on asc, and pages', async () => {
    const spaceId = await space();
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      ids.push((await post(spaceId, text)).id);
      t.clock.advance(1000);
    }
    const desc = ok(await call('listCommentsInSpace', { params: { spaceId } }));
    expect(desc.count).toBe(3);
    expect(desc.items.map((c) => c.id)).toEqual([...ids].reverse());
    const asc = ok(await call('listCommentsInSpace', { params: { spaceId }, query: { order: 'asc', limit: 2 } }));
    expect(asc.items.map((c) => c.id)).toEqual(ids.slice(0, 2));
    const rest = ok(await call('listCommentsInSpace', { params: { spaceId }, query: { order: 'asc', limit: 2, page: asc.next!.page } }));
    expect(rest.items.map((c) => c.id)).toEqual(ids.slice(2));
  });

  it('filters by status, page and authors, and answers bodies as Documents on request', async () => {
    const spaceId = await space();
    const [p1, p2] = await changeMain(t.owner, spaceId, [insertPage('One', {}), insertPage('Two', {})]);
    const other = t.user('comment');
    const open = await post(spaceId, 'open one', { page: p1 });
    const resolved = await post(spaceId, 'resolved one', { page: p2 }, other);
    ok(await call('updateCommentInSpace', { params: { spaceId, commentId: resolved.id }, body: { resolved: true } }));
    const list = async (query: OperationRequest<ApiContract['listCommentsInSpace']>['query']) =>
      ok(await call('listCommentsInSpace', { params: { spaceId }, query })).items.map((c) => c.id);
    expect(await list({ status: 'open' })).toEqual([open.id]);
    expect(await list({ status: 'resolved' })).toEqual([resolved.id]);
    expect((await list({ status: 'all' })).sort()).toEqual([open.id, resolved.id].sort());
    expect(await list({ targetPage: p2 })).toEqual([resolved.id]);
    expect(await list({ authors: [other.id] })).toEqual([resolved.id]);
    expect((await list({ authors: [other.id, t.owner.id] })).length).toBe(2);
    const documents = ok(await call('listCommentsInSpace', { params: { spaceId }, query: { format: 'document', targetPage: p1 } }));
    expect(documents.items[0]!.body).toMatchObject({ document: { object: 'document', nodes: [{ type: 'paragraph' }] } });
  });
});

describe('PUT /v1/spaces/{spaceId}/comments/{commentId}', () => {
  it('resolves and reopens, with who and when', async () => {
    const spaceId = await space();
    const { id } = await post(spaceId, 'fix this');
    const resolved = ok(await call('updateCommentInSpace', { params: { spaceId, commentId: id }, body: { resolved: true } }));
    expect(resolved).toMatchObject({ status: 'resolved', resolvedAt: t.clock.now().toISOString(), resolvedBy: { id: t.owner.id } });
    const reopened = ok(await call('updateCommentInSpace', { params: { spaceId, commentId: id }, body: { resolved: false } }));
    expect(reopened.status).toBe('open');
    expect(reopened).not.toHaveProperty('resolvedAt');
    expect(reopened).not.toHaveProperty('resolvedBy');
  });

  it('edits the body and records when', async () => {
    const spaceId = await space();
    const { id } = await post(spaceId, 'first');
    t.clock.advance(5000);
    const edited = ok(await call('updateCommentInSpace', { params: { spaceId, commentId: id }, body: { body: { markdown: 'second' } } }));
    expect(edited).toMatchObject({ body: { markdown: 'second' }, editedAt: t.clock.now().toISOString() });
  });

  it('counts a reaction once per user, and removes it', async () => {
    const spaceId = await space();
    const { id } = await post(spaceId, 'react');
    const other = t.user('comment');
    const params = { spaceId, commentId: id };
    ok(await call('updateCommentInSpace', { params, body: { addedReactions: ['👍', '👍'] } }));
    ok(await call('updateCommentInSpace', { params, body: { addedReactions: ['👍'] } }));
    t.clock.advance(1000);
    const both = ok(await other.client.call('updateCommentInSpace', { params, body: { addedReactions: ['👍', '🎉'] } }));
    expect(both.reactions).toEqual([
      { emoji: '👍', count: 2, users: [expect.objectContaining({ user: expect.objectContaining({ id: t.owner.id }) }), expect.objectContaining({ user: expect.objectContaining({ id: other.id }) })] },
      { emoji: '🎉', count: 1, users: [{ user: expect.objectContaining({ id: other.id }), reactedAt: t.clock.now().toISOString() }] },
    ]);
    const removed = ok(await other.client.call('updateCommentInSpace', { params, body: { removedReactions: ['👍', '🎉'] } }));
    expect(removed.reactions).toEqual([{ emoji: '👍', count: 1, users: [expect.objectContaining({ user: expect.objectContaining({ id: t.owner.id }) })] }]);
  });

  it('lets only the author edit the body', async () => {
    const spaceId = await space();
    const { id } = await post(spaceId, 'mine');
    const admin = t.user('admin');
    expectFailure(await admin.client.call('updateCommentInSpace', { params: { spaceId, commentId: id }, body: { body: { markdown: 'theirs' } } }), 403);
    ok(await admin.client.call('updateCommentInSpace', { params: { spaceId, commentId: id }, body: { resolved: true } }));
  });
});

describe('DELETE /v1/spaces/{spaceId}/comments/{commentId}', () => {
  it('deletes with 204, then answers 404', async () => {
    const spaceId = await space();
    const { id } = await post(spaceId, 'bye');
    ok(await call('postCommentReplyInSpace', { params: { spaceId, commentId: id }, body: { body: { markdown: 'reply' } } }));
    const res = await call('deleteCommentInSpace', { params: { spaceId, commentId: id } });
    expect(res.status).toBe(204);
    expectFailure(await call('getCommentInSpace', { params: { spaceId, commentId: id } }), 404);
    expectFailure(await call('deleteCommentInSpace', { params: { spaceId, commentId: id } }), 404);
    expect(ok(await call('listCommentsInSpace', { params: { spaceId } })).count).toBe(0);
  });

  it('is not found in another space', async () => {
    const { id } = await post(await space(), 'here');
    expectFailure(await call('getCommentInSpace', { params: { spaceId: await space(), commentId: id } }), 404);
  });
});

describe('Space.comments', () => {
  it('counts open comments', async () => {
    const spaceId = await space();
    const count = async () => ok(await call('getSpaceById', { params: { spaceId } })).comments;
    expect(await count()).toBe(0);
    const first = await post(spaceId, 'a');
    await post(spaceId, 'b');
    expect(await count()).toBe(2);
    ok(await call('updateCommentInSpace', { params: { spaceId, commentId: first.id }, body: { resolved: true } }));
    expect(await count()).toBe(1);
    ok(await call('updateCommentInSpace', { params: { spaceId, commentId: first.id }, body: { resolved: false } }));
    expect(await count()).toBe(2);
    ok(await call('deleteCommentInSpace', { params: { spaceId, commentId: first.id } }));
    expect(await count()).toBe(1);
  });
});

describe('a space in the trash', () => {
  it('keeps its comments readable and closed to changes', async () => {
    const spaceId = await space();
    const { id } = await post(spaceId, 'kept');
    const params = { spaceId, commentId: id };
    const { id: replyId } = ok(await call('postCommentReplyInSpace', { params, body: { body: {} } }));
    ok(await call('deleteSpaceById', { params: { spaceId } }));
    expect(ok(await call('listCommentsInSpace', { params: { spaceId } })).count).toBe(1);
    ok(await call('getCommentInSpace', { params }));
    ok(await call('listCommentRepliesInSpace', { params }));
    ok(await call('getCommentReplyInSpace', { params: { ...params, commentReplyId: replyId } }));
    expectFailure(await call('postCommentInSpace', { params: { spaceId }, body: { body: {} } }), 404);
    expectFailure(await call('updateCommentInSpace', { params, body: { resolved: true } }), 404);
    expectFailure(await call('deleteCommentInSpace', { params }), 404);
  });
});
