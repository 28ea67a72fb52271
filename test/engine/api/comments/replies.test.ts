import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer, type TestUser } from '../../../support/server.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

/** A space with one comment by the owner. */
async function thread() {
  const spaceId = (await newSpace(t.owner, t.organizationId)).id;
  const comment = ok(await t.owner.client.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: 'Q?' } } }));
  return { spaceId, commentId: comment.id };
}

async function reply(params: { spaceId: string; commentId: string }, markdown: string, user: TestUser = t.owner) {
  return ok(await user.client.call('postCommentReplyInSpace', { params, body: { body: { markdown } } }));
}

describe('comment replies', () => {
  it('posts a reply with 200, and gets it', async () => {
    const params = await thread();
    const res = await t.owner.client.call('postCommentReplyInSpace', { params, body: { body: { markdown: 'A.' } } });
    expect(res.status).toBe(200);
    const posted = ok(res);
    expect(posted).toEqual({
      object: 'comment-reply',
      id: posted.id,
      postedBy: expect.objectContaining({ id: t.owner.id }),
      postedAt: t.clock.now().toISOString(),
      reactions: [],
      body: { markdown: 'A.' },
      urls: { location: `${t.url}/v1/spaces/${params.spaceId}/comments/${params.commentId}/replies/${posted.id}` },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    const got = ok(await t.owner.client.call('getCommentReplyInSpace', { params: { ...params, commentReplyId: posted.id } }));
    expect(got).toEqual(posted);
    const document = ok(await t.owner.client.call('getCommentReplyInSpace', {
      params: { ...params, commentReplyId: posted.id },
      query: { format: 'document' },
    }));
    expect(document.body).toMatchObject({ document: { object: 'document' } });
  });

  it('counts replies and repliers on the comment', async () => {
    const params = await thread();
    const other = t.user('comment');
    await reply(params, 'one');
    t.clock.advance(1000);
    await reply(params, 'two', other);
    t.clock.advance(1000);
    await reply(params, 'three');
    const comment = ok(await t.owner.client.call('getCommentInSpace', { params }));
    expect(comment.replies).toBe(3);
    expect(comment.repliers).toEqual([
      { user: expect.objectContaining({ id: t.owner.id }), count: 2, updatedAt: t.clock.now().toISOString() },
      { user: expect.objectContaining({ id: other.id }), count: 1, updatedAt: new Date(t.clock.now().getTime() - 1000).toISOString() },
    ]);
  });

  it('lists replies oldest first, in pages', async () => {
    const params = await thread();
    const ids: string[] = [];
    for (const text of ['a', 'b', 'c']) {
      ids.push((await reply(params, text)).id);
      t.clock.advance(1000);
    }
    const first = ok(await t.owner.client.call('listCommentRepliesInSpace', { params, query: { limit: 2 } }));
    expect(first.count).toBe(3);
    expect(first.items.map((r) => r.id)).toEqual(ids.slice(0, 2));
    const rest = ok(await t.owner.client.call('listCommentRepliesInSpace', { params, query: { limit: 2, page: first.next!.page } }));
    expect(rest.items.map((r) => r.id)).toEqual(ids.slice(2));
    const documents = ok(await t.owner.client.call('listCommentRepliesInSpace', { params, query: { format: 'document' } }));
    expect(documents.items.map((r) => r.body)).toEqual(ids.map(() => ({ document: expect.objectContaining({ object: 'document' }) })));
  });

  it('edits a reply (author only) and reacts to it', async () => {
    const params = await thread();
    const { id } = await reply(params, 'draft');
    const replyParams = { ...params, commentReplyId: id };
    t.clock.advance(1000);
    const edited = ok(await t.owner.client.call('updateCommentReplyInSpace', { params: replyParams, body: { body: { markdown: 'final' } } }));
    expect(edited).toMatchObject({ body: { markdown: 'final' }, editedAt: t.clock.now().toISOString() });
    const other = t.user('admin');
    expectFailure(await other.client.call('updateCommentReplyInSpace', { params: replyParams, body: { body: { markdown: 'x' } } }), 403);
    const reacted = ok(await other.client.call('updateCommentReplyInSpace', { params: replyParams, body: { addedReactions: ['👀', '👀'] } }));
    expect(reacted.reactions).toEqual([{ emoji: '👀', count: 1, users: [{ user: expect.objectContaining({ id: other.id }), reactedAt: t.clock.now().toISOString() }] }]);
    const removed = ok(await other.client.call('updateCommentReplyInSpace', { params: replyParams, body: { removedReactions: ['👀'] } }));
    expect(removed.reactions).toEqual([]);
  });

  it('deletes a reply with 204, then answers 404', async () => {
    const params = await thread();
    const kept = await reply(params, 'keep');
    const gone = await reply(params, 'drop');
    const replyParams = { ...params, commentReplyId: gone.id };
    expect((await t.owner.client.call('deleteCommentReplyInSpace', { params: replyParams })).status).toBe(204);
    expectFailure(await t.owner.client.call('getCommentReplyInSpace', { params: replyParams }), 404);
    expectFailure(await t.owner.client.call('deleteCommentReplyInSpace', { params: replyParams }), 404);
    const list = ok(await t.owner.client.call('listCommentRepliesInSpace', { params }));
    expect(list.items.map((r) => r.id)).toEqual([kept.id]);
    expect(ok(await t.owner.client.call('getCommentInSpace', { params })).replies).toBe(1);
  });

  it('is not found under another comment', async () => {
    const params = await thread();
    const { id } = await reply(params, 'here');
    const other = ok(await t.owner.client.call('postCommentInSpace', { params: { spaceId: params.spaceId }, body: { body: {} } }));
    expectFailure(await t.owner.client.call('getCommentReplyInSpace', { params: { ...params, commentId: other.id, commentReplyId: id } }), 404);
  });
});
