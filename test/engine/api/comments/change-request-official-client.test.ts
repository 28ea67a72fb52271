import { describe, expect, it } from 'vitest';
import { officialClientServer } from '../../../support/official-client.js';
import { insertPage, writeContent } from './content.js';

const test = officialClientServer();

describe('@gitbook/api change request comment calls against Folio', () => {
  it('posts, lists, replies, reacts, resolves, lists commenters and deletes', async () => {
    const { t, api } = test;
    const space = (await api.orgs.createSpace(t.organizationId, { title: 'Reviewed' })).data;
    const cr = (await api.spaces.createChangeRequest(space.id, { subject: 'Proposal' })).data;
    const number = String(cr.number);
    const [p1] = await writeContent(t.owner, { spaceId: space.id, changeRequestId: cr.id }, [insertPage('Proposed', {})]);
    const posted = await api.spaces.postCommentInChangeRequest(space.id, cr.id, { body: { markdown: 'Is this right?' }, page: p1 });
    expect(posted.status).toBe(200);
    expect(posted.data.target).toMatchObject({ space: space.id, changeRequest: cr.id });
    const commentId = posted.data.id;

    const listed = await api.spaces.listCommentsInChangeRequest(space.id, number, { status: 'open', authors: [t.owner.id], targetPage: p1 });
    expect(listed.data.items.map((c) => c.id)).toEqual([commentId]);
    const asDocument = await api.spaces.getCommentInChangeRequest(space.id, cr.id, commentId, { format: 'document' });
    expect(asDocument.data.body).toMatchObject({ document: { object: 'document' } });
    expect((await api.spaces.getChangeRequestById(space.id, cr.id)).data.comments).toBe(1);

    const reply = await api.spaces.postCommentReplyInChangeRequest(space.id, cr.id, commentId, { body: { markdown: 'Yes.' } });
    expect(reply.data.object).toBe('comment-reply');
    const reacted = await api.spaces.updateCommentReplyInChangeRequest(space.id, cr.id, commentId, reply.data.id, { addedReactions: ['👍'] });
    expect(reacted.data.reactions).toMatchObject([{ emoji: '👍', count: 1 }]);
    expect((await api.spaces.getCommentReplyInChangeRequest(space.id, number, commentId, reply.data.id)).data.id).toBe(reply.data.id);
    const replies = await api.spaces.listCommentRepliesInChangeRequest(space.id, cr.id, commentId);
    expect(replies.data.items.map((r) => r.id)).toEqual([reply.data.id]);

    await api.spaces.updateCommentReplyInChangeRequest(space.id, cr.id, commentId, reply.data.id, { resolved: true });
    const resolved = await api.spaces.getCommentInChangeRequest(space.id, cr.id, commentId);
    expect(resolved.data).toMatchObject({ status: 'resolved', replies: 1, resolvedBy: { id: t.owner.id } });
    const reopened = await api.spaces.updateCommentInChangeRequest(space.id, cr.id, commentId, { resolved: false });
    expect(reopened.data.status).toBe('open');

    const commenters = await api.spaces.listCommentersInChangeRequest(space.id, cr.id);
    expect(commenters.data.items.map((m) => m.user.id)).toEqual([t.owner.id]);

    await api.spaces.deleteCommentReplyInChangeRequest(space.id, cr.id, commentId, reply.data.id);
    await api.spaces.deleteCommentInChangeRequest(space.id, cr.id, commentId);
    expect((await api.spaces.listCommentsInChangeRequest(space.id, cr.id)).data.count).toBe(0);
  });
});
