import { describe, expect, it } from 'vitest';
import { officialClientServer } from '../../../support/official-client.js';
import { pageOnMain } from './content.js';

const test = officialClientServer();

describe('@gitbook/api space comment calls against Folio', () => {
  it('posts, lists, replies, reacts, resolves and deletes', async () => {
    const { t, api } = test;
    const space = (await api.orgs.createSpace(t.organizationId, { title: 'Discussed' })).data;
    const p1 = await pageOnMain(t.owner, space.id, { b1: 'Text' });
    const posted = await api.spaces.postCommentInSpace(space.id, { body: { markdown: 'Is this right?' }, page: p1, node: 'b1' });
    expect(posted.status).toBe(200);
    const commentId = posted.data.id;

    const listed = await api.spaces.listCommentsInSpace(space.id, { status: 'open', authors: [t.owner.id], targetPage: p1 });
    expect(listed.data.items.map((c) => c.id)).toEqual([commentId]);
    const asDocument = await api.spaces.getCommentInSpace(space.id, commentId, { format: 'document' });
    expect(asDocument.data.body).toMatchObject({ document: { object: 'document' } });

    const reply = await api.spaces.postCommentReplyInSpace(space.id, commentId, { body: { markdown: 'Yes.' } });
    expect(reply.data.object).toBe('comment-reply');
    const reacted = await api.spaces.updateCommentReplyInSpace(space.id, commentId, reply.data.id, { addedReactions: ['👍'] });
    expect(reacted.data.reactions).toMatchObject([{ emoji: '👍', count: 1 }]);
    const replies = await api.spaces.listCommentRepliesInSpace(space.id, commentId);
    expect(replies.data.items.map((r) => r.id)).toEqual([reply.data.id]);

    const resolved = await api.spaces.updateCommentInSpace(space.id, commentId, { resolved: true });
    expect(resolved.data).toMatchObject({ status: 'resolved', replies: 1, resolvedBy: { id: t.owner.id } });
    expect((await api.spaces.getSpaceById(space.id)).data.comments).toBe(0);

    await api.spaces.deleteCommentReplyInSpace(space.id, commentId, reply.data.id);
    await api.spaces.deleteCommentInSpace(space.id, commentId);
    expect((await api.spaces.listCommentsInSpace(space.id)).data.count).toBe(0);
  });
});
